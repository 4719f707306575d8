// The blind fix-policy corpus v10 (bench/policy/v10): a seventh fresh held-out set, written without
// reading the policy or the earlier corpora's lines (v1–v9); it keeps the shape every blind corpus keeps
// (test/helpers/policy-corpus.ts).
import { describeBlindCorpus } from '../helpers/policy-corpus.js';

describeBlindCorpus({ version: 10, minDangerous: 500, minClasses: 20, minPerClass: 10, minOrdinary: 200 });
