#!/usr/bin/env bash
# An orchestration, end to end, with the self-gen CLI. The agents' answers are the files in
# agent-outputs/ (what Code Explore, Planner, Architect, QA and Implementer would return), so it
# runs offline in a few seconds. Usage:
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

step "1. start a session with the user's request (R1)"
orch init --request "Add rate limiting to the login endpoint (5 failed attempts per minute per user)"

step "2. Code Explore and Planner run in parallel: their contexts"
orch context code-explore
orch context planner

step "3. record their answers"
orch record contract explored "$OUT/01-explored.yaml"
orch record contract task-breakdown "$OUT/02-task-breakdown-v1.yaml"

step "4. merge: 3 of 5 assumptions are wrong -> re-plan (exit code 2)"
set +e
orch merge R1
code=$?
set -e
if [ "$code" -ne 2 ]; then echo "expected a re-plan (exit 2), got $code" >&2; exit 1; fi

step "5. the Planner again, sequentially: its context now has the explored files and corrections"
orch context planner
orch record contract task-breakdown "$OUT/03-task-breakdown-v2.yaml"

step "6. merge again: design-briefs for T1 and T2, state.json initialised"
orch merge R1

step "7. T1: Architect"
orch context architect
orch record contract design-contract "$OUT/04-design-contract-T1.yaml"

step "8. T1-S1: QA writes the tests first"
orch context qa-test-first
cp "$OUT/rate-limit.test.js" "$PROJ/test/rate-limit.test.js"
orch record contract test-contract "$OUT/05-test-contract-T1-S1.yaml"

step "9. T1-S1: Implementer, then QA verification (fails)"
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

step "12. T2: Architect, then T2-S1"
orch context architect
orch record contract design-contract "$OUT/10-design-contract-T2.yaml"
orch record contract test-contract "$OUT/11-test-contract-T2-S1.yaml"
orch context qa-verification
orch record contract test-result "$OUT/12-test-result-T2-S1-passed.yaml"

step "13. what we learned, for the next sessions"
orch record knowledge pitfalls "rate-limit windows are per process: restart clears them" --source R1/T1
orch record knowledge decisions "login rate limiting: in-memory fixed window" --source R1/T1

step "14. status, validation, end"
orch status
orch validate
orch record end

printf '\ndone: %s\n' "$PROJ/.claude/orchestrator"
