import { fuzzSuite } from './fuzz';

// A new seed each run (printed with the figures, so a failure can be replayed with fuzzSuite('fresh', seed)).
fuzzSuite('fresh', Date.now() % 2 ** 31);
