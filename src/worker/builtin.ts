// Every background step and job, in the order the session-end job runs them. ES modules run their
// imports in order, so the order of these lines is the order of the steps.
import '../recording/integrity-steps.js'; // integrity check first: later steps then use a sound database
import '../recording/steps.js'; // store queued events, retention
import '../recording/hook-timing.js'; // hook latency from the ended session's transcript (one hook_timing event)
import '../error-kb/jobs.js'; // embeddings for new error_kb entries
import '../analysis/jobs.js'; // AI analysis when enough new data exists
