import { createGroupHandler } from '../../lib/http/create-group-handler';
import { createPrice } from './create-price';
import { deletePrice } from './delete-price';
import { importAwsPrices } from './import-aws-prices';
import { importAzurePrice } from './import-azure-price';
import { importGcpPrices } from './import-gcp-prices';
import { importPriceCsv } from './import-price-csv';
import { listAwsRegions } from './list-aws-regions';
import { listAwsServices } from './list-aws-services';
import { listGcpServices } from './list-gcp-services';
import { listPrices } from './list-prices';
import { searchAwsPrices } from './search-aws-prices';
import { searchAzureMeters } from './search-azure-meters';
import { searchGcpSkus } from './search-gcp-skus';

export const handler = createGroupHandler('prices', {
  'list-prices': listPrices,
  'create-price': createPrice,
  'import-price-csv': importPriceCsv,
  'delete-price': deletePrice,
  'search-azure-meters': searchAzureMeters,
  'import-azure-price': importAzurePrice,
  'list-aws-services': listAwsServices,
  'list-aws-regions': listAwsRegions,
  'search-aws-prices': searchAwsPrices,
  'import-aws-prices': importAwsPrices,
  'list-gcp-services': listGcpServices,
  'search-gcp-skus': searchGcpSkus,
  'import-gcp-prices': importGcpPrices,
});
