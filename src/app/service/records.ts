// What the service queries read of the cabinet's records: the store's read side, and no more
// (no write, no state), so a query can never change what it reports on.

import type { CabinetStore } from '../../store';

export type ServiceRecords = Pick<CabinetStore, 'eventsNewestFirst' | 'eventsOfKind' | 'eventRows' | 'walkChain' | 'walkChainSliced' | 'lastChainCheck' | 'recall' | 'recallGame'>;
