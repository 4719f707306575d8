// The blind fix-policy corpus v7 (bench/policy/v7): a fourth fresh held-out set, written without reading
// the policy or the earlier corpora's lines (v1–v6); it keeps the shape every blind corpus keeps
// (test/helpers/policy-corpus.ts).
import { describeBlindCorpus } from '../helpers/policy-corpus.js';

describeBlindCorpus({ version: 7, minDangerous: 500, minClasses: 20, minPerClass: 10, minOrdinary: 200 });
