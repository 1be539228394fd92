import { createGroupHandler } from '../../lib/http/create-group-handler';
import { compareCostEstimates } from './compare-cost-estimates';
import { copyCostSheet } from './copy-cost-sheet';
import { createCostAssumption } from './create-cost-assumption';
import { createCostResource } from './create-cost-resource';
import { deleteCostAssumption } from './delete-cost-assumption';
import { deleteCostResource } from './delete-cost-resource';
import { deleteSavedEstimate } from './delete-saved-estimate';
import { getCostEstimate } from './get-cost-estimate';
import { getCostSheet } from './get-cost-sheet';
import { getSavedEstimate } from './get-saved-estimate';
import { listProjectPrices } from './list-project-prices';
import { listSavedEstimates } from './list-saved-estimates';
import { replaceCostAssumption } from './replace-cost-assumption';
import { replaceCostResource } from './replace-cost-resource';
import { saveEstimate } from './save-estimate';

export const handler = createGroupHandler('costs', {
  'get-cost-sheet': getCostSheet,
  'copy-cost-sheet': copyCostSheet,
  'create-cost-resource': createCostResource,
  'replace-cost-resource': replaceCostResource,
  'delete-cost-resource': deleteCostResource,
  'create-cost-assumption': createCostAssumption,
  'replace-cost-assumption': replaceCostAssumption,
  'delete-cost-assumption': deleteCostAssumption,
  'get-cost-estimate': getCostEstimate,
  'compare-cost-estimates': compareCostEstimates,
  'list-saved-estimates': listSavedEstimates,
  'save-estimate': saveEstimate,
  'get-saved-estimate': getSavedEstimate,
  'delete-saved-estimate': deleteSavedEstimate,
  'list-project-prices': listProjectPrices,
});
