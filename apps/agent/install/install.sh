#!/bin/sh
# Linedesk line agent installer, served by the panel at <panel>/agent/install.sh.
#
#   curl -fsSL <panel>/agent/install.sh | sudo sh -s -- --panel <panel> --token <token>
#   curl -fsSL <panel>/agent/install.sh | sudo sh -s -- --update
#   curl -fsSL <panel>/agent/install.sh | sudo sh -s -- --uninstall
#
# Installs the panel's current agent (one file, checked against the sha256 the panel publishes) to
# /opt/linedesk-agent, writes its settings to /etc/linedesk-agent.env (the login the panel calls it
# with comes from the install command's token), and starts it as the systemd service
# linedesk-agent. Needs Node.js 20 or newer, nothing else: every download, the checksum and the
# reading of OSCam's settings are done by node. See docs/agent-install.md.
set -eu

PANEL=''
TOKEN=''
CONFIG=''
ROOT=''
ACTION='install'
START='auto'

say() { printf '%s\n' "$*"; }
fail() {
  printf 'linedesk-agent install: %s\n' "$*" >&2
  exit 1
}

usage() {
  cat <<'EOF'
Usage: install.sh --panel <url> --token <token> [--config <file>] [--no-start] [--root <dir>]
       install.sh --update [--panel <url>] [--root <dir>]
       install.sh --uninstall [--root <dir>]

  --panel <url>     the Linedesk panel's address (as in the install command)
  --token <token>   the install command's token (valid 24 hours; shown on the panel's server page)
  --config <file>   CCcam.cfg or oscam.user, when it is not in one of the usual places
  --no-start        install only; do not start the service
  --update          download the panel's current agent again, keep the settings, restart
  --uninstall       stop and remove the agent and its settings (the card server's file keeps its lines)
  --root <dir>      install under <dir> instead of / (staging, tests); never touches systemd
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
    --update) ACTION='update'; shift ;;
    --uninstall) ACTION='uninstall'; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; fail "unknown option: $1" ;;
  esac
done

ROOT=${ROOT%/}
INSTALL_DIR="$ROOT/opt/linedesk-agent"
AGENT_FILE="$INSTALL_DIR/linedesk-agent.mjs"
PANEL_FILE="$INSTALL_DIR/panel-url"
ENV_FILE="$ROOT/etc/linedesk-agent.env"
UNIT_FILE="$ROOT/etc/systemd/system/linedesk-agent.service"
SERVICE='linedesk-agent'

# systemd is used only for a real install on a machine that runs it.
use_systemd() {
  [ -z "$ROOT" ] && [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1
}

if [ -z "$ROOT" ] && [ "$(id -u)" != 0 ]; then
  fail 'run it as root (sudo sh -s -- ...), or with --root <dir> to install elsewhere'
fi

if [ "$ACTION" = uninstall ]; then
  if use_systemd; then
    systemctl disable --now "$SERVICE" >/dev/null 2>&1 || true
  fi
  rm -f "$UNIT_FILE" "$ENV_FILE" "$ENV_FILE.bak"
  rm -rf "$INSTALL_DIR"
  if use_systemd; then systemctl daemon-reload || true; fi
  say 'Linedesk agent removed (service, program and settings).'
  say 'The lines it wrote stay in the card server file between its BEGIN/END linedesk-agent markers;'
  say 'delete the server in the panel, or remove those lines by hand, to end them.'
  exit 0
fi

command -v node >/dev/null 2>&1 || fail 'Node.js 20 or newer is needed as node on the PATH (https://nodejs.org; Debian 13 packages it)'
NODE=$(command -v node)
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' ||
  fail "Node.js 20 or newer is needed; $NODE is $(node --version)"

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

mkdir -p "$INSTALL_DIR"
WORK=$(mktemp -d "$INSTALL_DIR/.download.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM

# The agent, checked against the sha256 of the panel's manifest before anything is installed.
download /agent/manifest.json "$WORK/manifest.json"
download /agent/linedesk-agent.mjs "$WORK/linedesk-agent.mjs"
CHECK=$(LD_MANIFEST="$WORK/manifest.json" LD_FILE="$WORK/linedesk-agent.mjs" node -e '
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
case "$CHECK" in
  ok\ *) ;;
  *) fail "the downloaded agent does not match the panel's sha256 ($CHECK); nothing was installed" ;;
esac
VERSION=$(printf '%s' "$CHECK" | cut -d' ' -f2)

if [ "$ACTION" = install ]; then
  # The server's agent login and port, in exchange for the token.
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

  # The card server's file: the one given, or the only one found in the usual places.
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
    set -- $FOUND
    [ $# -gt 0 ] || fail 'no CCcam.cfg or oscam.user found in the usual places; give its path with --config <file>'
    [ $# -eq 1 ] || fail "more than one card server file found ($FOUND ); pick one with --config <file>"
    CONFIG=$1
  fi
  case "$CONFIG" in
    /*) ;;
    *) CONFIG="$(cd "$(dirname "$CONFIG")" && pwd)/$(basename "$CONFIG")" ;;
  esac
  case "$(basename "$CONFIG" | tr 'A-Z' 'a-z')" in
    *oscam*) BACKEND=oscam ;;
    *cccam*) BACKEND=cccam ;;
    *) fail "$CONFIG: the file name says neither CCcam nor OSCam (name it CCcam.cfg or oscam.user)" ;;
  esac

  # What the agent needs to make the card server apply a change, read from the server's own settings.
  LD_BACKEND="$BACKEND" LD_CONFIG="$CONFIG" LD_OUT="$WORK/extra.env" node -e '
    const { readFileSync, writeFileSync, existsSync } = require("node:fs");
    const path = require("node:path");
    // The value of key in [section] of an OSCam ini file, as apps/agent/src/oscam-conf.ts reads it.
    function setting(text, section, key) {
      let current = ""; let value = null;
      for (const raw of text.split(/\r?\n/)) {
        const line = raw.replace(/#.*$/, "").trim();
        const header = /^\[([^\]]*)\]$/.exec(line);
        if (header) { current = header[1].trim().toLowerCase(); continue; }
        const pair = /^([^=]+)=(.*)$/.exec(line);
        if (current === section && pair && pair[1].trim().toLowerCase() === key) value = pair[2].trim();
      }
      return value;
    }
    const config = process.env.LD_CONFIG;
    const lines = [["AGENT_CONFIG_FILE", config], ["AGENT_BACKEND", process.env.LD_BACKEND]]; const notes = [];
    if (process.env.LD_BACKEND === "oscam") {
      const conf = path.join(path.dirname(config), "oscam.conf");
      const text = existsSync(conf) ? readFileSync(conf, "utf8") : null;
      const port = text === null ? null : setting(text, "webif", "httpport");
      if (port && port !== "0") {
        const tls = port.startsWith("+");
        lines.push(["AGENT_OSCAM_WEBIF_URL", `${tls ? "https" : "http"}://127.0.0.1:${port.replace(/^\+/, "")}`]);
        lines.push(["AGENT_OSCAM_WEBIF_USER", setting(text, "webif", "httpuser") ?? ""]);
        lines.push(["AGENT_OSCAM_WEBIF_PASSWORD", setting(text, "webif", "httppwd") ?? ""]);
        notes.push(`OSCam web interface found in ${conf}: accounts are reloaded through it.`);
        if (setting(text, "webif", "httpreadonly") === "1") {
          notes.push("WARNING: the web interface is read-only (httpreadonly = 1): OSCam will not reload accounts until it is 0.");
        }
      } else if (text !== null && setting(text, "global", "reload_useraccounts") === "1" && setting(text, "global", "pidfile")) {
        lines.push(["AGENT_PID_FILE", setting(text, "global", "pidfile")]);
        lines.push(["AGENT_OSCAM_CONF_FILE", conf]);
        notes.push(`OSCam reloads accounts on SIGHUP (${conf}): the agent signals the pid in its pidfile.`);
      } else {
        notes.push(`WARNING: ${text === null ? `no ${conf}` : `no [webif] httpport in ${conf}`}: the agent cannot make OSCam reload accounts.`);
        notes.push("  Turn on the web interface ([webif] httpport, httpuser, httppwd) and run this installer again.");
      }
    } else {
      const text = readFileSync(config, "utf8");
      const value = (name) => {
        const match = new RegExp(`^\\s*${name}\\s*:\\s*(\\S+)`, "mi").exec(text);
        return match ? match[1] : null;
      };
      const port = value("WEBINFO LISTEN PORT");
      if (port) {
        lines.push(["AGENT_CCCAM_WEBINFO_URL", `http://127.0.0.1:${port}`]);
        if (value("WEBINFO USERNAME")) lines.push(["AGENT_CCCAM_WEBINFO_USER", value("WEBINFO USERNAME")]);
        if (value("WEBINFO PASSWORD")) lines.push(["AGENT_CCCAM_WEBINFO_PASSWORD", value("WEBINFO PASSWORD")]);
        notes.push(`CCcam info page on port ${port}: the panel sees who is online.`);
      }
      notes.push("CCcam re-reads CCcam.cfg only when restarted: set AGENT_RELOAD_COMMAND (e.g. systemctl restart cccam)");
      notes.push("  in /etc/linedesk-agent.env, then restart the agent, so new lines work at once.");
    }
    // Double quotes, as both the agent and systemd read them.
    const quoted = (v) => `"${String(v).replace(/["\\$`]/g, (c) => `\\${c}`)}"`;
    writeFileSync(process.env.LD_OUT, lines.map(([k, v]) => `${k}=${quoted(v)}`).join("\n") + "\n");
    console.log(notes.join("\n"));
  ' >"$WORK/notes.txt" || fail "cannot read the settings beside $CONFIG"

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

mv "$WORK/linedesk-agent.mjs" "$AGENT_FILE"
printf '%s\n' "$PANEL" >"$PANEL_FILE"
mkdir -p "$(dirname "$UNIT_FILE")"
cat >"$UNIT_FILE" <<EOF
[Unit]
Description=Linedesk line agent
After=network-online.target
Wants=network-online.target

[Service]
ExecStart=$NODE $AGENT_FILE --config $ENV_FILE
Restart=on-failure
RestartSec=5
# The agent finishes queued writes on SIGTERM before it exits.
TimeoutStopSec=20

[Install]
WantedBy=multi-user.target
EOF

say "Linedesk agent $VERSION installed: $AGENT_FILE"
say "Settings: $ENV_FILE"
[ "$ACTION" != install ] || { say "Card server file: $CONFIG ($BACKEND)"; cat "$WORK/notes.txt"; }
if [ "$S_TLS" = 1 ]; then
  say 'WARNING: the panel calls this agent over HTTPS: set AGENT_TLS_CERT and AGENT_TLS_KEY in the settings.'
fi

if [ "$START" = no ]; then
  say "Not started (--no-start). Start it with: $NODE $AGENT_FILE --config $ENV_FILE"
elif use_systemd; then
  systemctl daemon-reload
  systemctl enable "$SERVICE" >/dev/null 2>&1
  systemctl restart "$SERVICE"
  # Ready when its health check answers; a start that fails shows the agent's own reason.
  if LD_PORT="$S_PORT" LD_TLS="$S_TLS" node --input-type=module -e '
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
    const url = `${process.env.LD_TLS === "1" ? "https" : "http"}://127.0.0.1:${process.env.LD_PORT}/health`;
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      try { if ((await fetch(url)).ok) process.exit(0); } catch {}
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    process.exit(1);
  ' 2>/dev/null; then
    say "Started: systemd service $SERVICE, listening on port $S_PORT."
    if [ "$ACTION" = install ]; then
      # The panel tests the server now, so it turns active without anyone clicking Test.
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
    fi
  else
    systemctl --no-pager status "$SERVICE" >&2 || true
    fail "the agent did not come up on port $S_PORT; see: journalctl -u $SERVICE"
  fi
else
  say "No systemd here: start it with: $NODE $AGENT_FILE --config $ENV_FILE"
  [ -n "$ROOT" ] || say "(a unit for systemd was written to $UNIT_FILE)"
fi
