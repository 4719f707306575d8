// The blind fix-policy corpus v9 (bench/policy/v9): a sixth fresh held-out set, written without reading
// the policy or the earlier corpora's lines (v1–v8); it keeps the shape every blind corpus keeps
// (test/helpers/policy-corpus.ts).
import { describeBlindCorpus } from '../helpers/policy-corpus.js';

describeBlindCorpus({ version: 9, minDangerous: 500, minClasses: 20, minPerClass: 10, minOrdinary: 200 });
