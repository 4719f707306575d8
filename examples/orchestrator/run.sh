#!/usr/bin/env bash
# An orchestration, end to end, with the self-gen CLI, on the claude-devkit orchestrator skill's
# own files and formats. The agents' answers are the files in agent-outputs/ (what code-explore,
# planner, architect, qa-engineer and implementer would return, in the skill's formats), so it runs
# offline in a few seconds. The project declares the skill's agents in project/.claude/agents/. Usage:
#   bash examples/orchestrator/run.sh [work-dir]
# Build first (`node scripts/build.mjs`). The work dir (default: a new temporary folder) gets a copy
# of project/ and, unless SELF_GEN_HOME is set, its own self-gen data home.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CLI="${SELF_GEN_CLI:-$HERE/../../dist/cli.js}"
OUT="$HERE/agent-outputs"
WORK="${1:-$(mktemp -d)}"
PROJ="$WORK/notes-api"
export SELF_GEN_HOME="${SELF_GEN_HOME:-$WORK/self-gen-home}"

if [ ! -f "$CLI" ]; then echo "build first: node scripts/build.mjs" >&2; exit 1; fi
rm -rf "$PROJ" && mkdir -p "$WORK" && cp -R "$HERE/project" "$PROJ"

orch() { node "$CLI" orch --project "$PROJ" "$@"; }
step() { printf '\n=== %s\n' "$*"; }

step "1. start a session with the user's request (R1): session.json + state.json in the skill's format"
orch init --request "Add rate limiting to the login endpoint (5 failed attempts per minute per user)"

step "2. code-explore and planner run in parallel: their contexts"
orch context code-explore
orch context planner

step "3. record their answers (checked against the skill's exact formats)"
orch record contract explored "$OUT/01-explored.yaml"
orch record contract task-breakdown "$OUT/02-task-breakdown-v1.yaml"

step "4. merge: 3 of 5 assumptions are wrong -> re-plan (exit code 2)"
set +e
orch merge R1
code=$?
set -e
if [ "$code" -ne 2 ]; then echo "expected a re-plan (exit 2), got $code" >&2; exit 1; fi

step "5. the planner again, sequentially, given the explored files and the corrections above"
orch record contract task-breakdown "$OUT/03-task-breakdown-v2.yaml"

step "6. merge again: design-briefs for T1 and T2, state.json in the task loop"
orch merge R1

step "7. T1: architect"
orch context architect
orch record contract design-contract "$OUT/04-design-contract-T1.yaml"

step "8. T1-S1: qa-engineer writes the tests first (phase test_first)"
orch context qa-test-first
cp "$OUT/rate-limit.test.js" "$PROJ/test/rate-limit.test.js"
orch record contract test-contract "$OUT/05-test-contract-T1-S1.yaml"

step "9. T1-S1: implementer, then qa-engineer verification (fails)"
orch context implementer
cp "$OUT/rate-limit.js" "$PROJ/src/auth/rate-limit.js"
orch context qa-verification
orch record contract test-result "$OUT/06-test-result-T1-S1-failed.yaml"

step "10. retry the implementer: retry_count > 0 triggers the memory search"
orch record retry T1-S1
orch context implementer
orch record contract test-result "$OUT/07-test-result-T1-S1-passed.yaml"

step "11. T1-S2"
orch record contract test-contract "$OUT/08-test-contract-T1-S2.yaml"
orch context implementer
orch record contract test-result "$OUT/09-test-result-T1-S2-passed.yaml"

step "12. T2: architect, then T2-S1"
orch context architect
orch record contract design-contract "$OUT/10-design-contract-T2.yaml"
orch record contract test-contract "$OUT/11-test-contract-T2-S1.yaml"
orch context qa-verification
orch record contract test-result "$OUT/12-test-result-T2-S1-passed.yaml"

step "13. what we learned, for the next sessions (knowledge.yaml in the skill's format)"
orch record knowledge pitfalls "rate-limit windows are per process" --reason "a restart clears them" --learned-from R1/T1-S1
orch record knowledge decisions "login rate limiting: in-memory fixed window" --topic rate-limit --rationale "one process, no shared store"
orch record knowledge patterns "named exports only; node:test for tests" --topic modules

step "14. status, validation, end"
orch status
orch validate
orch record end

printf '\ndone: %s\n' "$PROJ/.claude/orchestrator"
