/**
 * The truth of a fact as answers carry it (part 1 "Truth label", "Provenance"): its label and where
 * it came from. The model's records and the cost sheet's resources and assumptions use them.
 */
import { z } from 'zod';
import { factStatuses, provenanceSourceLength } from './fact-statuses';
import { guid } from './schema-kit';

export const factStatusSchema = z.enum(factStatuses).meta({ id: 'FactStatus' });

export const provenanceSchema = z
  .object({
    source: z.string().max(provenanceSourceLength).nullable().meta({ description: 'Where the fact came from: `git:<path>`, `otel:…`, `ai:…`, `load-test:…`.' }),
    revision: z.string().nullable(),
    confidence: z.number().min(0).max(1).nullable(),
    acceptedBy: guid.nullable(),
    acceptedAt: z.string().nullable(),
  })
  .meta({ id: 'Provenance' });

export type Provenance = z.infer<typeof provenanceSchema>;
