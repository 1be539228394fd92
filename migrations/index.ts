import type { Migration } from 'kysely';
import * as m0001 from './0001-platform';
import * as m0002 from './0002-identity';
import * as m0003 from './0003-model';
import * as m0004 from './0004-scenarios';
import * as m0005 from './0005-promises';
import * as m0006 from './0006-rate-limit-log';
import * as m0007 from './0007-external-sign-in';
import * as m0008 from './0008-sign-in-failures';
import * as m0009 from './0009-settings';
import * as m0010 from './0010-workspace-secrets';
import * as m0011 from './0011-worker-heartbeats';
import * as m0012 from './0012-share-links';
import * as m0013 from './0013-sources';
import * as m0014 from './0014-folded-names';
import * as m0015 from './0015-model-reference-indexes';
import * as m0016 from './0016-prices';
import * as m0017 from './0017-cost-sheets';
import * as m0019 from './0019-load-tests';
import * as m0020 from './0020-ai-calls';
import * as m0021 from './0021-ai-proposals';
import * as m0022 from './0022-comments';
import * as m0023 from './0023-webhook-deliveries';
import * as m0024 from './0024-scan-architecture-proposals';
import * as m0025 from './0025-scan-diagnostics';
import * as m0026 from './0026-price-rounded-from';
import * as m0027 from './0027-branch-bases';

/**
 * Every migration, in order. Forward-only: a landed migration is never edited;
 * a release adds a new file here (part 2 "Versioning").
 */
export const migrations: Readonly<Record<string, Migration>> = Object.freeze({
  '0001-platform': m0001,
  '0002-identity': m0002,
  '0003-model': m0003,
  '0004-scenarios': m0004,
  '0005-promises': m0005,
  '0006-rate-limit-log': m0006,
  '0007-external-sign-in': m0007,
  '0008-sign-in-failures': m0008,
  '0009-settings': m0009,
  '0010-workspace-secrets': m0010,
  '0011-worker-heartbeats': m0011,
  '0012-share-links': m0012,
  '0013-sources': m0013,
  '0014-folded-names': m0014,
  '0015-model-reference-indexes': m0015,
  '0016-prices': m0016,
  '0017-cost-sheets': m0017,
  '0019-load-tests': m0019,
  '0020-ai-calls': m0020,
  '0021-ai-proposals': m0021,
  '0022-comments': m0022,
  '0023-webhook-deliveries': m0023,
  '0024-scan-architecture-proposals': m0024,
  '0025-scan-diagnostics': m0025,
  '0026-price-rounded-from': m0026,
  '0027-branch-bases': m0027,
});
