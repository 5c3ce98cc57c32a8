import { chaosSuite } from './chaosSuite.ts';

chaosSuite(501, 500);
