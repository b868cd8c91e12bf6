// The records' one hash, SHA-256 in hexadecimal, in one call: the one-shot form costs about half
// of a Hash object's for the short texts the store hashes at every commit (rows, buckets, chain
// links), and gives the same digest, so records written either way read alike.

import { hash } from 'node:crypto';

export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');
