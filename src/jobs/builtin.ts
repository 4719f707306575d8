// Every background step and job, in the order the session-end job runs them. ES modules run their
// imports in order, so the order of these lines is the order of the steps.
import './integrity-steps.js'; // integrity check first: later steps then use a sound database
import './core-steps.js'; // store queued events, retention
import './ingest-step.js'; // the session's tool calls from its transcripts (what the hooks left)
import './hook-timing.js'; // hook latency from the ended session's transcript (one hook_timing event)
import '../kb/jobs.js'; // embeddings for new error_kb entries
import '../analysis/jobs.js'; // AI analysis when enough new data exists
