#!/bin/sh
# Linedesk line agent installer, served by the panel at <panel>/agent/install.sh.
#
#   curl -fsSL <panel>/agent/install.sh | sudo sh -s -- --panel <panel> --token <token>
#   curl -fsSL <panel>/agent/install.sh | sudo sh -s -- --update
#   curl -fsSL <panel>/agent/install.sh | sudo sh -s -- --uninstall
#
# Installs the panel's current agent (one file, checked against the sha256 the panel publishes) to
# /opt/linedesk-agent, writes its settings to /etc/linedesk-agent.env (the login the panel calls it
# with comes from the install command's token), and starts it as the service linedesk-agent of the
# machine's init system (systemd, OpenRC or SysV init; elsewhere, as on busybox boxes, under a
# supervising loop of its own started from /etc/rc.local or /etc/inittab), so that it comes back after
# a reboot, then tells the panel it is up. With Node.js 20 or newer it installs the agent as one ES module run by node (and
# uses node for the downloads); without it (or with --binary) the panel's single executable, which
# needs no Node.js: the downloads then go through curl or wget and the checksum through sha256sum.
# A token works once. See docs/agent-install.md.
#
# `npm run lint` runs shellcheck on this file. The JavaScript node runs here is in single quotes
# on purpose: its ${...} are JavaScript's, never the shell's.
# shellcheck disable=SC2016
set -eu

PANEL=''
TOKEN=''
CONFIG=''
ROOT=''
ACTION='install'
START='auto'
BINARY='auto'
INIT='auto'

say() { printf '%s\n' "$*"; }
fail() {
  printf 'linedesk-agent install: %s\n' "$*" >&2
  exit 1
}

usage() {
  cat <<'EOF'
Usage: install.sh --panel <url> --token <token> [--config <file>] [--no-start] [--init <kind>] [--root <dir>]
       install.sh --update [--panel <url>] [--root <dir>]
       install.sh --uninstall [--root <dir>]

  --panel <url>     the Linedesk panel's address (as in the install command)
  --token <token>   the install command's token (valid 24 hours; shown on the panel's server page)
  --config <file>   CCcam.cfg or oscam.user, when it is not in one of the usual places
  --no-start        install only; do not start the service
  --init <kind>     systemd, openrc, sysv or busybox (a supervising loop started from /etc/rc.local
                    or /etc/inittab): the init system to run the agent with, instead of the one found
  --binary          install the single executable (no Node.js needed); chosen by itself when
                    node is missing or older than 20
  --update          download the panel's current agent again, keep the settings, restart
  --uninstall       stop and remove the agent and its settings (the card server's file keeps its lines)
  --root <dir>      install under <dir> as if it were / (staging, tests): the init system is the one
                    <dir> shows (run/systemd/system, run/openrc, etc/init.d), its commands taken
                    from the PATH; add --no-start to write the files only
EOF
}

while [ $# -gt 0 ]; do
  case "$1" in
    --panel) [ $# -ge 2 ] || fail '--panel needs a URL'; PANEL=$2; shift 2 ;;
    --panel=*) PANEL=${1#--panel=}; shift ;;
    --token) [ $# -ge 2 ] || fail '--token needs a value'; TOKEN=$2; shift 2 ;;
    --token=*) TOKEN=${1#--token=}; shift ;;
    --config) [ $# -ge 2 ] || fail '--config needs a file path'; CONFIG=$2; shift 2 ;;
    --config=*) CONFIG=${1#--config=}; shift ;;
    --root) [ $# -ge 2 ] || fail '--root needs a directory'; ROOT=$2; shift 2 ;;
    --root=*) ROOT=${1#--root=}; shift ;;
    --no-start) START='no'; shift ;;
    --init) [ $# -ge 2 ] || fail '--init needs systemd, openrc, sysv or busybox'; INIT=$2; shift 2 ;;
    --init=*) INIT=${1#--init=}; shift ;;
    --binary) BINARY='yes'; shift ;;
    --update) ACTION='update'; shift ;;
    --uninstall) ACTION='uninstall'; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; fail "unknown option: $1" ;;
  esac
done

ROOT=${ROOT%/}
INSTALL_DIR="$ROOT/opt/linedesk-agent"
AGENT_MJS="$INSTALL_DIR/linedesk-agent.mjs"
AGENT_BIN="$INSTALL_DIR/linedesk-agent"
PANEL_FILE="$INSTALL_DIR/panel-url"
INIT_FILE="$INSTALL_DIR/init-system"
SUPERVISE="$INSTALL_DIR/supervise"
ENV_FILE="$ROOT/etc/linedesk-agent.env"
UNIT_FILE="$ROOT/etc/systemd/system/linedesk-agent.service"
INITD_FILE="$ROOT/etc/init.d/linedesk-agent"
PID_FILE="$ROOT/var/run/linedesk-agent.pid"
LOG_FILE="$ROOT/var/log/linedesk-agent.log"
RC_LOCAL="$ROOT/etc/rc.local"
INITTAB="$ROOT/etc/inittab"
SERVICE='linedesk-agent'

have() { command -v "$1" >/dev/null 2>&1; }

# The init system that runs the machine (under --root: the one the directory shows), by what each
# leaves behind while it runs: systemd's and OpenRC's run directories, SysV init's scripts with the
# tool that links them into the runlevels. Anything else (busybox init, most receivers) gets the
# agent's own supervising loop.
detect_init() {
  if [ -d "$ROOT/run/systemd/system" ] && have systemctl; then
    echo systemd
  elif { [ -d "$ROOT/run/openrc" ] || [ -e "$ROOT/sbin/openrc-run" ]; } && have rc-service && have rc-update; then
    echo openrc
  elif [ -d "$ROOT/etc/init.d" ] && { have update-rc.d || have chkconfig; }; then
    echo sysv
  else
    echo busybox
  fi
}

# What starts the busybox fallback at boot, in /etc/rc.local or /etc/inittab.
BOOT_LINE="$INITD_FILE start"

# Stops the agent and takes it out of the boot, as the init system recorded at install knows it
# ($INIT); leaves the program and settings.
remove_service() {
  case "$INIT" in
    systemd)
      systemctl disable --now "$SERVICE" >/dev/null 2>&1 || true
      rm -f "$UNIT_FILE"
      systemctl daemon-reload || true
      ;;
    openrc)
      rc-service "$SERVICE" stop >/dev/null 2>&1 || true
      rc-update del "$SERVICE" default >/dev/null 2>&1 || true
      rm -f "$INITD_FILE"
      ;;
    sysv | busybox)
      if [ -x "$INITD_FILE" ]; then
        if [ "$INIT" = sysv ] && have service; then
          service "$SERVICE" stop >/dev/null 2>&1 || true
        else
          "$INITD_FILE" stop >/dev/null 2>&1 || true
        fi
      fi
      if [ "$INIT" = sysv ]; then
        if have update-rc.d; then
          update-rc.d -f "$SERVICE" remove >/dev/null 2>&1 || true
        elif have chkconfig; then
          chkconfig --del "$SERVICE" >/dev/null 2>&1 || true
        fi
      fi
      for file in "$RC_LOCAL" "$INITTAB"; do
        if [ -f "$file" ] && grep -qF "$BOOT_LINE" "$file"; then
          grep -vF "$BOOT_LINE" "$file" >"$file.linedesk" || true
          cat "$file.linedesk" >"$file"
          rm -f "$file.linedesk"
        fi
      done
      rm -f "$INITD_FILE" "$PID_FILE"
      ;;
  esac
}

if [ -z "$ROOT" ] && [ "$(id -u)" != 0 ]; then
  fail 'run it as root (sudo sh -s -- ...), or with --root <dir> to install elsewhere'
fi

# An update or uninstall uses the init system of the install (older installers recorded none).
if [ "$INIT" = auto ] && [ "$ACTION" != install ] && [ -f "$INIT_FILE" ]; then
  INIT=$(cat "$INIT_FILE")
elif [ "$INIT" = auto ]; then
  INIT=$(detect_init)
fi
case "$INIT" in
  systemd) have systemctl || fail '--init systemd: no systemctl here' ;;
  openrc) { have rc-service && have rc-update; } || fail '--init openrc: no rc-service and rc-update here' ;;
  sysv) { have update-rc.d || have chkconfig; } || fail '--init sysv: no update-rc.d or chkconfig here' ;;
  busybox) ;;
  *) fail "--init must be systemd, openrc, sysv or busybox, not: $INIT" ;;
esac

if [ "$ACTION" = uninstall ]; then
  remove_service
  # Older installers wrote the systemd unit whatever the init system was.
  rm -f "$UNIT_FILE" "$ENV_FILE" "$ENV_FILE.bak"
  rm -rf "$INSTALL_DIR"
  say 'Linedesk agent removed (service, program and settings).'
  say 'The lines it wrote stay in the card server file between its BEGIN/END linedesk-agent markers;'
  say 'delete the server in the panel, or remove those lines by hand, to end them.'
  exit 0
fi

# Node.js 20 runs the one-file agent; without it the single executable is installed. An update keeps
# the kind that is installed.
if [ "$BINARY" = auto ]; then
  if [ "$ACTION" = update ] && [ -f "$AGENT_BIN" ]; then
    BINARY='yes'
  elif ! command -v node >/dev/null 2>&1; then
    say 'No Node.js here (node is not on the PATH): installing the single executable agent.'
    BINARY='yes'
  elif ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' 2>/dev/null; then
    say "Node.js $(node --version 2>/dev/null) is older than 20: installing the single executable agent."
    BINARY='yes'
  else
    BINARY='no'
  fi
fi
if [ "$BINARY" = yes ]; then
  [ "$(uname -s)" = Linux ] || fail "the single executable agent is for Linux; this is $(uname -s)"
  case "$(uname -m)" in
    x86_64 | amd64) EXE_NAME='linedesk-agent-linux-x64' ;;
    aarch64 | arm64) EXE_NAME='linedesk-agent-linux-arm64' ;;
    *) fail "no single executable agent for $(uname -m): install Node.js 20 or newer (https://nodejs.org) and run this again" ;;
  esac
  if command -v curl >/dev/null 2>&1; then
    FETCH='curl'
  elif command -v wget >/dev/null 2>&1; then
    FETCH='wget'
  else
    fail 'curl or wget is needed to download the agent'
  fi
  command -v sha256sum >/dev/null 2>&1 || fail 'sha256sum is needed to check the download (coreutils or busybox)'
  AGENT_FILE=$AGENT_BIN
  NODE=''
else
  NODE=$(command -v node)
  AGENT_FILE=$AGENT_MJS
fi

if [ "$ACTION" = update ] && [ -z "$PANEL" ]; then
  [ -f "$PANEL_FILE" ] || fail "no panel address recorded in $PANEL_FILE: give --panel <url>"
  PANEL=$(cat "$PANEL_FILE")
fi
[ -n "$PANEL" ] || fail '--panel <url> is required (copy the install command from the panel)'
case "$PANEL" in
  http://* | https://*) ;;
  *) fail "--panel must be an http:// or https:// address, not: $PANEL" ;;
esac
PANEL=${PANEL%/}
if [ "$ACTION" = install ]; then
  [ -n "$TOKEN" ] || fail '--token is required (copy the install command from the panel)'
  case "$TOKEN" in
    *[!A-Za-z0-9._-]*) fail 'the token has characters no install token has; copy the command again' ;;
  esac
fi

# Downloads $1 (a path on the panel) to the file $2; a refusal prints the panel's message.
download() {
  if [ "$BINARY" = yes ]; then
    if [ "$FETCH" = curl ]; then
      curl -fsS -o "$2" "$PANEL$1" || fail "download of $PANEL$1 failed"
    else
      wget -q -O "$2" "$PANEL$1" || fail "download of $PANEL$1 failed"
    fi
    return
  fi
  LD_URL="$PANEL$1" LD_OUT="$2" node --input-type=module -e '
    import { writeFileSync } from "node:fs";
    const url = process.env.LD_URL;
    let res;
    try { res = await fetch(url); } catch (error) {
      console.error(`cannot reach ${url}: ${error.cause?.message ?? error.message}`); process.exit(1);
    }
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) {
      let message = body.toString("utf8").slice(0, 300);
      try { message = JSON.parse(message).error?.message ?? message; } catch {}
      console.error(`${url} answered ${res.status}: ${message}`); process.exit(1);
    }
    writeFileSync(process.env.LD_OUT, body);
  ' || fail "download of $PANEL$1 failed"
}

# Without node: POSTs the token to $1 (a path on the panel) and leaves the answer in $2; prints the
# HTTP status (000 when the panel cannot be reached; wget, which keeps no refused answer, prints
# 000 for any refusal).
post_token() {
  if [ "$FETCH" = curl ]; then
    curl -sS -o "$2" -w '%{http_code}' -X POST -H 'content-type: application/json' \
      --data "{\"token\":\"$TOKEN\"}" "$PANEL$1" || true
  elif wget -q -O "$2" --header='content-type: application/json' --post-data="{\"token\":\"$TOKEN\"}" "$PANEL$1"; then
    printf '200'
  else
    printf '000'
  fi
}

# Without node: the value of "key" ($1) in the JSON in the file $2, its first one (a string's
# escapes undone), empty when it has none.
json_value() {
  awk -v key="$1" '
    match($0, "\"" key "\"[ \t]*:[ \t]*") {
      rest = substr($0, RSTART + RLENGTH)
      if (substr(rest, 1, 1) == "\"") {
        out = ""
        for (i = 2; i <= length(rest); i++) {
          c = substr(rest, i, 1)
          if (c == "\\") { i++; c = substr(rest, i, 1) } else if (c == "\"") break
          out = out c
        }
        print out
      } else {
        match(rest, /^[^,} \t]*/)
        print substr(rest, 1, RLENGTH)
      }
      exit
    }' "$2"
}

# The panel's refusal as it words it, or the status.
refusal() {
  message=$(json_value message "$2")
  printf '%s' "${message:-the panel answered $1}"
}

mkdir -p "$INSTALL_DIR"
WORK=$(mktemp -d "$INSTALL_DIR/.download.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM

# The agent, checked against the panel's sha256 before anything is installed.
download /agent/manifest.json "$WORK/manifest.json"
if [ "$BINARY" = yes ]; then
  # The panel makes the executable for its own processor, and only with `npm run build:agent`.
  grep -q "\"$EXE_NAME\"" "$WORK/manifest.json" ||
    fail "the panel has no single executable agent for this card server ($EXE_NAME): install Node.js 20 or newer here, or run npm run build:agent on a panel of this processor type"
  download "/agent/$EXE_NAME.sha256" "$WORK/agent.sha256"
  download "/agent/$EXE_NAME" "$WORK/agent"
  EXPECTED=$(cut -d' ' -f1 "$WORK/agent.sha256")
  ACTUAL=$(sha256sum "$WORK/agent" | cut -d' ' -f1)
  if [ -n "$EXPECTED" ] && [ "$EXPECTED" = "$ACTUAL" ]; then
    CHECK="ok $(json_value version "$WORK/manifest.json") $ACTUAL"
  else
    CHECK="mismatch expected $EXPECTED got $ACTUAL"
  fi
else
  download /agent/linedesk-agent.mjs "$WORK/agent"
  CHECK=$(LD_MANIFEST="$WORK/manifest.json" LD_FILE="$WORK/agent" node -e '
    const { createHash } = require("node:crypto");
    const { readFileSync } = require("node:fs");
    const manifest = JSON.parse(readFileSync(process.env.LD_MANIFEST, "utf8"));
    const actual = createHash("sha256").update(readFileSync(process.env.LD_FILE)).digest("hex");
    if (typeof manifest.sha256 !== "string" || manifest.sha256 !== actual) {
      console.log(`mismatch expected ${manifest.sha256} got ${actual}`);
    } else {
      console.log(`ok ${manifest.version} ${actual}`);
    }
  ')
fi
case "$CHECK" in
  ok\ *) ;;
  *) fail "the downloaded agent does not match the panel's sha256 ($CHECK); nothing was installed" ;;
esac
VERSION=$(printf '%s' "$CHECK" | cut -d' ' -f2)

# Double quotes, as both the agent and systemd read them.
quoted() {
  printf '"%s"' "$(printf '%s' "$1" | sed 's/[\\"$`]/\\&/g')"
}

# The value of key $3 in [section] $2 of the OSCam ini file $1, as apps/agent/src/oscam-conf.ts
# reads it (the last one wins); fails when there is none.
oscam_setting() {
  awk -v section="$2" -v key="$3" '
    function trim(s) { gsub(/^[ \t\r]+|[ \t\r]+$/, "", s); return s }
    {
      line = $0; sub(/#.*$/, "", line); line = trim(line)
      if (line ~ /^\[[^]]*\]$/) { current = tolower(trim(substr(line, 2, length(line) - 2))); next }
      eq = index(line, "=")
      if (eq > 1 && current == section && tolower(trim(substr(line, 1, eq - 1))) == key) {
        value = trim(substr(line, eq + 1)); found = 1
      }
    }
    END { if (found) print value; else exit 1 }' "$1"
}

# The first value of a `NAME: value` line of CCcam.cfg $1 (names compared without case).
cccam_setting() {
  awk -v name="$2" '
    {
      line = $0; sub(/^[ \t]+/, "", line)
      colon = index(line, ":")
      if (colon > 0) {
        head = substr(line, 1, colon - 1); sub(/[ \t]+$/, "", head)
        if (toupper(head) == toupper(name)) {
          rest = substr(line, colon + 1); sub(/^[ \t]+/, "", rest); split(rest, words, /[ \t\r]+/)
          if (words[1] != "") { print words[1]; exit }
        }
      }
    }' "$1"
}

if [ "$ACTION" = install ]; then
  # The card server's file: the one given, or the only one found in the usual places. Found before
  # the token is exchanged (which uses it up), so a missing or doubtful file costs no command.
  if [ -n "$CONFIG" ]; then
    [ -f "$CONFIG" ] || fail "--config $CONFIG: no such file"
  else
    FOUND=''
    for candidate in \
      /etc/oscam/oscam.user /etc/oscam.user /usr/local/etc/oscam.user /usr/local/etc/oscam/oscam.user \
      /var/etc/oscam.user /var/etc/oscam/oscam.user /etc/tuxbox/config/oscam.user \
      /etc/tuxbox/config/oscam/oscam.user /var/tuxbox/config/oscam.user /var/keys/oscam.user \
      /etc/CCcam.cfg /var/etc/CCcam.cfg /usr/keys/CCcam.cfg /var/keys/CCcam.cfg /etc/cccam/CCcam.cfg \
      /usr/local/etc/CCcam.cfg; do
      if [ -f "$ROOT$candidate" ]; then FOUND="$FOUND $ROOT$candidate"; fi
    done
    # Split on purpose: one word per file found (the usual places have no spaces).
    # shellcheck disable=SC2086
    set -- $FOUND
    [ $# -gt 0 ] || fail 'no CCcam.cfg or oscam.user found in the usual places; give its path with --config <file>'
    [ $# -eq 1 ] || fail "more than one card server file found ($FOUND ); pick one with --config <file>"
    CONFIG=$1
  fi
  case "$CONFIG" in
    /*) ;;
    *) CONFIG="$(cd "$(dirname "$CONFIG")" && pwd)/$(basename "$CONFIG")" ;;
  esac
  # Plain ranges: not every busybox tr knows character classes.
  # shellcheck disable=SC2018,SC2019
  case "$(basename "$CONFIG" | tr 'A-Z' 'a-z')" in
    *oscam*) BACKEND=oscam ;;
    *cccam*) BACKEND=cccam ;;
    *) fail "$CONFIG: the file name says neither CCcam nor OSCam (name it CCcam.cfg or oscam.user)" ;;
  esac

  # What the agent needs to make the card server apply a change, read from the server's own settings.
  {
    say "AGENT_CONFIG_FILE=$(quoted "$CONFIG")"
    say "AGENT_BACKEND=$(quoted "$BACKEND")"
  } >"$WORK/extra.env"
  : >"$WORK/notes.txt"
  note() { say "$*" >>"$WORK/notes.txt"; }
  if [ "$BACKEND" = oscam ]; then
    CONF="$(dirname "$CONFIG")/oscam.conf"
    WEBIF_PORT=''
    if [ -f "$CONF" ]; then WEBIF_PORT=$(oscam_setting "$CONF" webif httpport || true); fi
    if [ -n "$WEBIF_PORT" ] && [ "$WEBIF_PORT" != 0 ]; then
      case "$WEBIF_PORT" in
        +*) WEBIF_URL="https://127.0.0.1:${WEBIF_PORT#+}" ;;
        *) WEBIF_URL="http://127.0.0.1:$WEBIF_PORT" ;;
      esac
      {
        say "AGENT_OSCAM_WEBIF_URL=$(quoted "$WEBIF_URL")"
        say "AGENT_OSCAM_WEBIF_USER=$(quoted "$(oscam_setting "$CONF" webif httpuser || true)")"
        say "AGENT_OSCAM_WEBIF_PASSWORD=$(quoted "$(oscam_setting "$CONF" webif httppwd || true)")"
      } >>"$WORK/extra.env"
      note "OSCam web interface found in $CONF: accounts are reloaded through it."
      if [ "$(oscam_setting "$CONF" webif httpreadonly || true)" = 1 ]; then
        note 'WARNING: the web interface is read-only (httpreadonly = 1): OSCam will not reload accounts until it is 0.'
      fi
    elif [ -f "$CONF" ] && [ "$(oscam_setting "$CONF" global reload_useraccounts || true)" = 1 ] &&
      PID_FILE=$(oscam_setting "$CONF" global pidfile) && [ -n "$PID_FILE" ]; then
      {
        say "AGENT_PID_FILE=$(quoted "$PID_FILE")"
        say "AGENT_OSCAM_CONF_FILE=$(quoted "$CONF")"
      } >>"$WORK/extra.env"
      note "OSCam reloads accounts on SIGHUP ($CONF): the agent signals the pid in its pidfile."
    else
      if [ -f "$CONF" ]; then MISSING="no [webif] httpport in $CONF"; else MISSING="no $CONF"; fi
      note "WARNING: $MISSING: the agent cannot make OSCam reload accounts."
      note '  Turn on the web interface ([webif] httpport, httpuser, httppwd) and run this installer again.'
    fi
  else
    INFO_PORT=$(cccam_setting "$CONFIG" 'WEBINFO LISTEN PORT')
    if [ -n "$INFO_PORT" ]; then
      say "AGENT_CCCAM_WEBINFO_URL=$(quoted "http://127.0.0.1:$INFO_PORT")" >>"$WORK/extra.env"
      INFO_USER=$(cccam_setting "$CONFIG" 'WEBINFO USERNAME')
      INFO_PASSWORD=$(cccam_setting "$CONFIG" 'WEBINFO PASSWORD')
      [ -z "$INFO_USER" ] || say "AGENT_CCCAM_WEBINFO_USER=$(quoted "$INFO_USER")" >>"$WORK/extra.env"
      [ -z "$INFO_PASSWORD" ] || say "AGENT_CCCAM_WEBINFO_PASSWORD=$(quoted "$INFO_PASSWORD")" >>"$WORK/extra.env"
      note "CCcam info page on port $INFO_PORT: the panel sees who is online."
    fi
    note 'CCcam re-reads CCcam.cfg only when restarted: set AGENT_RELOAD_COMMAND (e.g. systemctl restart cccam)'
    note '  in /etc/linedesk-agent.env, then restart the agent, so new lines work at once.'
  fi

  # The server's agent login and port, in exchange for the token (which this uses up).
  if [ "$BINARY" = yes ]; then
    STATUS=$(post_token /api/agent-install/settings "$WORK/settings.json")
    [ "$STATUS" = 200 ] || fail "the panel did not accept the token: $(refusal "$STATUS" "$WORK/settings.json")"
    {
      say "AGENT_USERNAME=$(quoted "$(json_value username "$WORK/settings.json")")"
      say "AGENT_PASSWORD=$(quoted "$(json_value password "$WORK/settings.json")")"
      say "AGENT_PORT=$(json_value api_port "$WORK/settings.json")"
    } >"$WORK/login.env"
    S_PORT=$(json_value api_port "$WORK/settings.json")
    S_TLS=0
    [ "$(json_value use_tls "$WORK/settings.json")" != true ] || S_TLS=1
    S_SERVER_NAME=$(json_value server_name "$WORK/settings.json")
  else
    LD_URL="$PANEL/api/agent-install/settings" LD_TOKEN="$TOKEN" LD_OUT="$WORK" \
      node --input-type=module -e '
      import { writeFileSync } from "node:fs";
      const url = process.env.LD_URL;
      let res;
      try {
        res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ token: process.env.LD_TOKEN }),
        });
      } catch (error) {
        console.error(`cannot reach ${url}: ${error.cause?.message ?? error.message}`); process.exit(1);
      }
      const body = await res.json().catch(() => ({}));
      if (!res.ok) { console.error(body.error?.message ?? `the panel answered ${res.status}`); process.exit(1); }
      // Double quotes, as both the agent and systemd read them.
      const quoted = (v) => `"${String(v).replace(/["\\$`]/g, (c) => `\\${c}`)}"`;
      writeFileSync(`${process.env.LD_OUT}/login.env`, [
        `AGENT_USERNAME=${quoted(body.username)}`,
        `AGENT_PASSWORD=${quoted(body.password)}`,
        `AGENT_PORT=${Number(body.api_port)}`,
      ].join("\n") + "\n");
      writeFileSync(`${process.env.LD_OUT}/port`, String(Number(body.api_port)));
      writeFileSync(`${process.env.LD_OUT}/tls`, body.use_tls ? "1" : "0");
      writeFileSync(`${process.env.LD_OUT}/name`, String(body.server_name).replace(/[\r\n]/g, " "));
    ' || fail 'the panel did not accept the token'
    S_PORT=$(cat "$WORK/port")
    S_TLS=$(cat "$WORK/tls")
    S_SERVER_NAME=$(cat "$WORK/name")
  fi

  mkdir -p "$(dirname "$ENV_FILE")"
  [ ! -f "$ENV_FILE" ] || cp -p "$ENV_FILE" "$ENV_FILE.bak"
  (
    umask 077
    {
      say "# Linedesk line agent settings, written by install.sh for server $S_SERVER_NAME."
      say '# Every key is described in the agent README (Settings). Restart the agent after a change.'
      cat "$WORK/login.env" "$WORK/extra.env"
      if [ "$S_TLS" = 1 ]; then
        say '# The panel calls this agent over HTTPS: give a certificate and its key.'
        say '#AGENT_TLS_CERT=/etc/ssl/certs/linedesk-agent.pem'
        say '#AGENT_TLS_KEY=/etc/ssl/private/linedesk-agent.key'
      fi
    } >"$WORK/agent.env"
  )
  mv "$WORK/agent.env" "$ENV_FILE"
  chmod 600 "$ENV_FILE"
else
  [ -f "$ENV_FILE" ] || fail "$ENV_FILE is missing: install with --panel and --token first"
  S_PORT=$(sed -n 's/^AGENT_PORT=//p' "$ENV_FILE" | tr -d '"')
  S_TLS=0
fi

chmod 755 "$WORK/agent"
mv "$WORK/agent" "$AGENT_FILE"
# An install of the other kind (the executable after the bundle, or back) leaves one agent behind.
if [ "$AGENT_FILE" = "$AGENT_BIN" ]; then rm -f "$AGENT_MJS"; else rm -f "$AGENT_BIN"; fi
if [ -n "$NODE" ]; then
  COMMAND=$NODE
  ARGS="$AGENT_FILE --config $ENV_FILE"
else
  COMMAND=$AGENT_FILE
  ARGS="--config $ENV_FILE"
fi
RUN="$COMMAND $ARGS"
printf '%s\n' "$PANEL" >"$PANEL_FILE"
printf '%s\n' "$INIT" >"$INIT_FILE"

# The service definition of the init system; restarted 5 s after it stops, started at boot.
write_systemd_unit() {
  mkdir -p "$(dirname "$UNIT_FILE")"
  cat >"$UNIT_FILE" <<EOF
[Unit]
Description=Linedesk line agent
After=network-online.target
Wants=network-online.target

[Service]
ExecStart=$RUN
Restart=on-failure
RestartSec=5
# The agent finishes queued writes on SIGTERM before it exits.
TimeoutStopSec=20

[Install]
WantedBy=multi-user.target
EOF
}

write_openrc_script() {
  mkdir -p "$(dirname "$INITD_FILE")" "$(dirname "$LOG_FILE")"
  # supervise-daemon (OpenRC 0.21 and newer) starts it again when it stops; older OpenRC only
  # starts it in the background.
  if have supervise-daemon || [ -e "$ROOT/sbin/supervise-daemon" ]; then
    KEEP='supervisor=supervise-daemon
respawn_delay=5
respawn_max=0'
  else
    KEEP="command_background=true
pidfile=\"${PID_FILE#"$ROOT"}\""
  fi
  cat >"$INITD_FILE" <<EOF
#!/sbin/openrc-run
# Linedesk line agent, written by install.sh (see docs/agent-install.md).
description="Linedesk line agent"
command=$(quoted "$COMMAND")
command_args=$(quoted "$ARGS")
$KEEP
output_log=$(quoted "$LOG_FILE")
error_log=$(quoted "$LOG_FILE")
# The agent finishes queued writes on SIGTERM before it exits.
retry="TERM/20/KILL/5"

depend() {
  need net
  after firewall
}
EOF
  chmod 755 "$INITD_FILE"
}

# SysV init and busybox boxes have nothing that restarts a program that stops: the agent runs
# under this loop, which starts it again 5 s later, and passes TERM on so the agent finishes its
# queued writes before both exit.
write_supervisor() {
  # A new file, not the one a running loop reads its script from.
  cat >"$SUPERVISE.new" <<EOF
#!/bin/sh
# Runs the Linedesk line agent and starts it again 5 s after it stops (written by install.sh).
LOG=$(quoted "$LOG_FILE")
child=''
stop() {
  if [ -n "\$child" ]; then kill -TERM "\$child" 2>/dev/null; wait "\$child"; fi
  exit 0
}
trap stop TERM INT
trap '' HUP
while :; do
  if [ -f "\$LOG" ] && [ "\$(wc -c <"\$LOG")" -gt 1048576 ]; then mv -f "\$LOG" "\$LOG.1"; fi
  $(quoted "$COMMAND") $ARGS >>"\$LOG" 2>&1 </dev/null &
  child=\$!
  wait "\$child"
  child=''
  sleep 5 &
  wait \$!
done
EOF
  chmod 755 "$SUPERVISE.new"
  mv -f "$SUPERVISE.new" "$SUPERVISE"
}

write_initd_script() {
  mkdir -p "$(dirname "$INITD_FILE")" "$(dirname "$PID_FILE")" "$(dirname "$LOG_FILE")"
  write_supervisor
  cat >"$INITD_FILE" <<EOF
#!/bin/sh
### BEGIN INIT INFO
# Provides:          linedesk-agent
# Required-Start:    \$network \$remote_fs
# Required-Stop:     \$network \$remote_fs
# Default-Start:     2 3 4 5
# Default-Stop:      0 1 6
# Short-Description: Linedesk line agent
### END INIT INFO
# chkconfig: 2345 90 10
# description: Linedesk line agent (written by install.sh, see docs/agent-install.md)
PIDFILE=$(quoted "$PID_FILE")
SUPERVISE=$(quoted "$SUPERVISE")

running() { [ -f "\$PIDFILE" ] && kill -0 "\$(cat "\$PIDFILE")" 2>/dev/null; }

start() {
  if running; then echo "linedesk-agent is running"; return 0; fi
  # Its own session, so that closing the terminal it was started from does not stop it.
  if command -v setsid >/dev/null 2>&1; then
    nohup setsid "\$SUPERVISE" >/dev/null 2>&1 </dev/null &
  else
    nohup "\$SUPERVISE" >/dev/null 2>&1 </dev/null &
  fi
  echo \$! >"\$PIDFILE"
  echo "linedesk-agent started"
}

stop() {
  if running; then
    pid=\$(cat "\$PIDFILE")
    kill -TERM "\$pid"
    # The agent finishes its queued writes first (at most 20 s).
    tries=0
    while kill -0 "\$pid" 2>/dev/null && [ \$tries -lt 25 ]; do sleep 1; tries=\$((tries + 1)); done
    kill -KILL "\$pid" 2>/dev/null || true
  fi
  rm -f "\$PIDFILE"
  echo "linedesk-agent stopped"
}

case "\$1" in
  start) start ;;
  stop) stop ;;
  restart | force-reload) stop; start ;;
  status)
    if running; then echo "linedesk-agent is running (pid \$(cat "\$PIDFILE"))"; exit 0; fi
    echo "linedesk-agent is not running"; exit 3 ;;
  *) echo "Usage: \$0 {start|stop|restart|status}" >&2; exit 2 ;;
esac
EOF
  chmod 755 "$INITD_FILE"
}

# The busybox fallback's start at boot: a line in /etc/rc.local (before its closing `exit 0`), or
# else a `once` entry in busybox's /etc/inittab. Prints where, or nothing when there is neither.
add_boot_line() {
  if [ -f "$RC_LOCAL" ]; then
    if ! grep -qF "$BOOT_LINE" "$RC_LOCAL"; then
      awk -v line="$BOOT_LINE" '
        { lines[NR] = $0 }
        END {
          last = NR
          while (last > 0 && lines[last] ~ /^[ \t]*$/) last--
          for (i = 1; i <= NR; i++) {
            if (i == last && lines[i] ~ /^[ \t]*exit[ \t]+0[ \t]*$/) print line
            print lines[i]
          }
          if (!(last > 0 && lines[last] ~ /^[ \t]*exit[ \t]+0[ \t]*$/)) print line
        }' "$RC_LOCAL" >"$RC_LOCAL.linedesk"
      cat "$RC_LOCAL.linedesk" >"$RC_LOCAL"
      rm -f "$RC_LOCAL.linedesk"
      chmod 755 "$RC_LOCAL"
    fi
    printf '%s' "${RC_LOCAL#"$ROOT"}"
  elif [ -f "$INITTAB" ]; then
    grep -qF "$BOOT_LINE" "$INITTAB" || printf '::once:%s\n' "$BOOT_LINE" >>"$INITTAB"
    printf '%s' "${INITTAB#"$ROOT"}"
  fi
}

case "$INIT" in
  systemd) write_systemd_unit ;;
  openrc) write_openrc_script ;;
  sysv | busybox) write_initd_script ;;
esac

say "Linedesk agent $VERSION installed: $AGENT_FILE"
say "Settings: $ENV_FILE"
[ "$ACTION" != install ] || { say "Card server file: $CONFIG ($BACKEND)"; cat "$WORK/notes.txt"; }
if [ "$S_TLS" = 1 ]; then
  say 'WARNING: the panel calls this agent over HTTPS: set AGENT_TLS_CERT and AGENT_TLS_KEY in the settings.'
fi

wait_for_health() {
  if [ "$BINARY" = yes ]; then
    SCHEME=http
    [ "$S_TLS" != 1 ] || SCHEME=https
    tries=0
    while [ $tries -lt 60 ]; do
      if [ "$FETCH" = curl ]; then
        curl -fsk -o /dev/null "$SCHEME://127.0.0.1:$S_PORT/health" 2>/dev/null && return 0
      else
        wget -q --no-check-certificate -O /dev/null "$SCHEME://127.0.0.1:$S_PORT/health" 2>/dev/null && return 0
      fi
      tries=$((tries + 1))
      sleep 0.5 2>/dev/null || sleep 1
    done
    return 1
  fi
  LD_PORT="$S_PORT" LD_TLS="$S_TLS" node --input-type=module -e '
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
    const url = `${process.env.LD_TLS === "1" ? "https" : "http"}://127.0.0.1:${process.env.LD_PORT}/health`;
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      try { if ((await fetch(url)).ok) process.exit(0); } catch {}
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    process.exit(1);
  ' 2>/dev/null
}

report_started() {
  if [ "$BINARY" = yes ]; then
    STATUS=$(post_token /api/agent-install/started "$WORK/started.json")
    if [ "$STATUS" = 200 ] && [ "$(json_value ok "$WORK/started.json")" = true ]; then
      say 'The panel reached the agent: the server is active.'
    elif [ "$STATUS" = 200 ]; then
      say "The panel cannot reach the agent yet: $(json_value message "$WORK/started.json"). Open the port for the panel, then test the server in the panel."
    else
      say "The panel did not test the server: $(refusal "$STATUS" "$WORK/started.json")"
    fi
    return
  fi
  LD_URL="$PANEL/api/agent-install/started" LD_TOKEN="$TOKEN" node --input-type=module -e '
    const url = process.env.LD_URL;
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: process.env.LD_TOKEN }),
      });
      const body = await res.json().catch(() => ({}));
      if (res.ok && body.ok) console.log("The panel reached the agent: the server is active.");
      else if (res.ok) console.log(`The panel cannot reach the agent yet: ${body.message}. Open the port for the panel, then test the server in the panel.`);
      else console.log(`The panel did not test the server: ${body.error?.message ?? res.status}`);
    } catch (error) {
      console.log(`Could not tell the panel: ${error.cause?.message ?? error.message}; test the server in the panel.`);
    }
  '
}

# Starts (or restarts) the agent with the init system and makes it start at boot; prints what runs it.
start_service() {
  case "$INIT" in
    systemd)
      systemctl daemon-reload
      systemctl enable "$SERVICE" >/dev/null 2>&1
      systemctl restart "$SERVICE" >/dev/null
      STARTED_BY="systemd service $SERVICE"
      LOGS="journalctl -u $SERVICE"
      ;;
    openrc)
      rc-update add "$SERVICE" default >/dev/null 2>&1
      rc-service "$SERVICE" restart >/dev/null
      STARTED_BY="OpenRC service $SERVICE"
      LOGS=${LOG_FILE#"$ROOT"}
      ;;
    sysv)
      if have update-rc.d; then
        update-rc.d "$SERVICE" defaults >/dev/null 2>&1
      else
        chkconfig --add "$SERVICE" >/dev/null 2>&1
        chkconfig "$SERVICE" on >/dev/null 2>&1
      fi
      if have service; then service "$SERVICE" restart >/dev/null; else "$INITD_FILE" restart >/dev/null; fi
      STARTED_BY="SysV init service $SERVICE"
      LOGS=${LOG_FILE#"$ROOT"}
      ;;
    busybox)
      BOOT=$(add_boot_line)
      "$INITD_FILE" restart >/dev/null
      if [ -n "$BOOT" ]; then
        STARTED_BY="$INITD_FILE, run at boot from $BOOT"
      else
        STARTED_BY="$INITD_FILE"
        say "WARNING: no /etc/rc.local or /etc/inittab here: add \"$BOOT_LINE\" to what this machine runs at boot, or the agent stays stopped after a reboot."
      fi
      LOGS=${LOG_FILE#"$ROOT"}
      ;;
  esac
}

status_service() {
  case "$INIT" in
    systemd) systemctl --no-pager status "$SERVICE" >&2 || true ;;
    openrc) rc-service "$SERVICE" status >&2 || true ;;
    *) "$INITD_FILE" status >&2 || true ;;
  esac
}

if [ "$START" = no ]; then
  say "Not started (--no-start). Start it with: $RUN"
else
  start_service
  # Ready when its health check answers; a start that fails shows the agent's own reason.
  if wait_for_health; then
    say "Started: $STARTED_BY, listening on port $S_PORT."
    # The panel tests the server now, so it turns active without anyone clicking Test.
    [ "$ACTION" != install ] || report_started
  else
    status_service
    fail "the agent did not come up on port $S_PORT; see: $LOGS"
  fi
fi
