#!/usr/bin/env bash
# Runs a command inside its own D-Bus session with an unlocked GNOME Keyring, so keytar talks to a
# real Secret Service on a machine with no desktop (CI, a server, a container).
set -euo pipefail
if [ "${PACKDESK_IN_KEYRING:-}" != "1" ]; then
  exec env PACKDESK_IN_KEYRING=1 dbus-run-session -- "$0" "$@"
fi
# A throw-away password creates and unlocks a fresh login keyring in a temporary data folder.
export XDG_DATA_HOME="${XDG_DATA_HOME:-$(mktemp -d)}"
eval "$(printf 'packdesk' | gnome-keyring-daemon --unlock --components=secrets)" >/dev/null
export GNOME_KEYRING_CONTROL
exec "$@"
