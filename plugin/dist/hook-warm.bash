# dist/hook-warm.bash <Event> [port file]: the warm-mode hook command when a bash >= 4 exists
# (`"<bash>" ".../dist/hook-warm.bash" <Event> "<data home>/run/hook-server.port"`).
# Hands the payload to the warm hook server over 127.0.0.1 with bash builtins only: no curl, no cat,
# no subshell, no fork on the usual path (a process start is most of what a warm hook costs).
# Protocol (src/hook/host/server-tcp.ts): send the client token; the server answers its own token
# only to a client that knew ours; we check it BEFORE sending anything else (a stranger on a stale
# port never gets the payload); then `<Event> <dir bytes> <payload bytes> <locale bytes>\n<dir>
# <payload><locale>` in one write (the locale part: our `LC_ALL=… LC_MESSAGES=… LANG=…`, so the
# server answers in this call's language); the answer `<status>\n<body>` (after a `.` for each part the server had to wait for) is read
# to EOF within a bounded time.
# Fails open: no port file, refused, wrong token, slow (> SELF_GEN_HOOK_CLIENT_TIMEOUT, 1.5 s), not
# 200, not empty or a JSON object -> the same payload goes to the process path (node dist/hook.cjs),
# which also starts the server for the next hook. A payload longer than the cap goes to the curl
# client (dist/hook-warm.sh). Always exits 0 and prints nothing or one JSON object.
dir=${BASH_SOURCE[0]%/*}
[[ $dir == "${BASH_SOURCE[0]}" ]] && dir=.
event=$1
pf=${2:-${SELF_GEN_HOME:-$HOME/.self-generation}/run/hook-server.port}
t=${SELF_GEN_HOOK_CLIENT_TIMEOUT:-1.5}
cap=262144
p=
more=
# bash < 4 has no `read -N` or fractional timeouts: the curl client.
if ((BASH_VERSINFO[0] < 4)); then
  exec sh "$dir/hook-warm.sh" "$event"
fi
# ${#p} counts bytes, and bytes pass through unchanged; what we start gets the caller's locale back.
unset lc_all
[[ -v LC_ALL ]] && lc_all=$LC_ALL
loc="LC_ALL=${lc_all:-} LC_MESSAGES=${LC_MESSAGES:-} LANG=${LANG:-}"
LC_ALL=C
own_locale() {
  if [[ -v lc_all ]]; then { LC_ALL=$lc_all; } 2>/dev/null; else unset LC_ALL; fi
}

# A peer that hangs up makes a write fail (EPIPE) instead of killing us.
trap '' PIPE

# The process path with what was read (and, when it was cut short, the rest of stdin).
process_path() {
  exec 3>&-
  trap - PIPE
  own_locale
  if [[ -n $more ]]; then
    { printf '%s' "$p"; exec cat; } | SELF_GEN_HOOK_WARM=1 node "$dir/hook.cjs" "$event"
  else
    printf '%s' "$p" | SELF_GEN_HOOK_WARM=1 node "$dir/hook.cjs" "$event"
  fi
  exit 0
}

# Claude Code writes the payload and closes stdin (no timeout here: on a pipe `read -t` costs a
# system call per byte; the curl client's `cat` has none either).
IFS= read -r -N "$cap" p
(($? == 0)) && more=1 # the cap reached: there may be more

port= ctok= stok= sock=
[[ -f $pf && -O $pf ]] && read -r port ctok stok sock 2>/dev/null <"$pf"

if [[ -n $more ]]; then
  # Too long to pass through bash's read: the curl client over the Unix socket, else the process path.
  [[ -n $sock ]] || process_path
  trap - PIPE
  own_locale
  { printf '%s' "$p"; exec cat; } | sh "$dir/hook-warm.sh" "$event" "$sock"
  exit 0
fi

[[ $port =~ ^[0-9]{1,5}$ && ${#ctok} -ge 32 && ${#stok} -ge 32 ]] || process_path
{ exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || process_path
printf '%s\n' "$ctok" >&3 2>/dev/null || process_path
# (`read -N` on a socket reads in blocks; a line or `-d` read costs two system calls per byte.)
line=
IFS= read -r -N $((${#stok} + 1)) -t "$t" line <&3 2>/dev/null
# Not our server: it gets nothing more.
[[ $line == "$stok"$'\n' ]] || process_path
d=${CLAUDE_PROJECT_DIR:-}
printf -v req '%s %s %s %s\n%s%s%s' "$event" "${#d}" "${#p}" "${#loc}" "$d" "$p" "$loc"
printf '%s' "$req" >&3 2>/dev/null || process_path
o=
IFS= read -r -N 4194304 -t "$t" o <&3 2>/dev/null
(($? == 1)) || process_path # 1: the end of the answer; > 128: too slow; 0: longer than any of ours
exec 3>&-
o=${o#"${o%%[!.]*}"} # the dots
[[ $o == 200$'\n'* ]] || process_path
o=${o#200$'\n'}
case $o in
  '') exit 0 ;;
  '{'*'}')
    printf '%s\n' "$o"
    exit 0
    ;;
esac
process_path
