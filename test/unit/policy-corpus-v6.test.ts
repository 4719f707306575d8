// The blind fix-policy corpus v6 (bench/policy/v6): a third fresh held-out set, written without reading
// the policy or the earlier corpora's lines (v1–v5); it keeps the shape every blind corpus keeps
// (test/helpers/policy-corpus.ts).
import { describeBlindCorpus } from '../helpers/policy-corpus.js';

describeBlindCorpus({ version: 6, minDangerous: 500, minClasses: 20, minPerClass: 10, minOrdinary: 250 });
