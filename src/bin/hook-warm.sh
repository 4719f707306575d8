#!/bin/sh
# dist/hook-warm.sh <Event> [socket]: the warm-mode hook command (`self-gen hooks --mode warm`).
# Hands the payload to the warm hook server over its Unix socket with curl (a few ms, no Node start)
# and prints its answer, in this call's language (the x-locale header). Fails open: no curl, no
# server, a slow (> 1.5 s), broken or foreign server, any non-2xx or non-JSON answer -> the same
# payload goes to the process path (node dist/hook.cjs), which also starts the server for the next
# hook. Always exits 0 and prints nothing or one JSON object.
case $0 in */*) dir=${0%/*} ;; *) dir=. ;; esac
event=$1
sock=${2:-${SELF_GEN_HOME:-$HOME/.self-generation}/run/hooks.sock}
p=$(cat)
# Only a socket of our own user (a long data home puts it in the shared temp folder).
if [ -S "$sock" ] && [ -O "$sock" ] && command -v curl >/dev/null 2>&1; then
  if o=$(printf '%s' "$p" | curl -sf --max-time "${SELF_GEN_HOOK_CLIENT_TIMEOUT:-1.5}" --unix-socket "$sock" \
    -H 'content-type: application/json' -H "x-project-dir: ${CLAUDE_PROJECT_DIR:-}" \
    -H "x-locale: LC_ALL=${LC_ALL:-} LC_MESSAGES=${LC_MESSAGES:-} LANG=${LANG:-}" \
    --data-binary @- "http://self-gen/hook/$event" 2>/dev/null); then
    case $o in
      '') exit 0 ;;
      '{'*) printf '%s\n' "$o"; exit 0 ;;
    esac
  fi
fi
printf '%s' "$p" | SELF_GEN_HOOK_WARM=1 node "$dir/hook.cjs" "$event"
exit 0
