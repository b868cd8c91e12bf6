// What the service queries read of the cabinet's records: the records reader's pages, recall and
// walks, and no more (no state, no background walk), so a query can never change what it reports on.

import type { RecordsReader } from '../../store';

export type ServiceRecords = Pick<
  RecordsReader,
  | 'eventsNewestFirst'
  | 'eventsOfKind'
  | 'eventRows'
  | 'walkChain'
  | 'walkChainSliced'
  | 'lastChainCheck'
  | 'recall'
  | 'recallGame'
>;
