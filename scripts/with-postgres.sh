#!/usr/bin/env bash
# Runs a command with a throw-away PostgreSQL 15 cluster on loopback, for the agency ledger's tests:
# a fresh data folder, a free port on 127.0.0.1 only, trust auth for 127.0.0.1, no fsync (nothing
# here outlives the run), TLS offered with a certificate made for this run. Exports
# PACKDESK_TEST_PG_URL, PACKDESK_TEST_PG_CA (that certificate, for verify-full) and where the cluster
# lives (PACKDESK_TEST_PG_DATA, PACKDESK_TEST_PG_BIN, to restart it); the cluster is
# stopped and deleted when the command ends, fails or is interrupted. PostgreSQL refuses to run as
# root, so root runs it as `postgres`.
set -euo pipefail

pg_bin="${PACKDESK_PG_BIN:-/usr/lib/postgresql/15/bin}"
if [ ! -x "$pg_bin/initdb" ]; then
  echo "with-postgres: no PostgreSQL 15 in $pg_bin (apt-get install postgresql)" >&2
  exit 1
fi

cluster="$(mktemp -d -t packdesk-pg.XXXXXX)"
if [ "$(id -u)" = 0 ]; then
  chown postgres: "$cluster"
  as_owner() { runuser -u postgres -- "$@"; }
else
  as_owner() { "$@"; }
fi
chmod 700 "$cluster"
data="$cluster/data"

stop_cluster() {
  if [ -f "$data/postmaster.pid" ]; then as_owner "$pg_bin/pg_ctl" -D "$data" stop -m immediate -w >/dev/null 2>&1 || true; fi
  rm -rf "$cluster"
}
trap stop_cluster EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_owner "$pg_bin/initdb" -D "$data" -U postgres -E UTF8 --locale=C --auth=trust --no-sync >"$cluster/initdb.log" 2>&1 || {
  cat "$cluster/initdb.log" >&2
  exit 1
}
# Only the socket in the cluster's own folder and TCP from 127.0.0.1; nothing else may connect.
cat >"$data/pg_hba.conf" <<'HBA'
local all all trust
host all all 127.0.0.1/32 trust
HBA

# A port below Linux's ephemeral range (32768 on), so no outgoing connection holds it; skip one that answers.
# A self-signed certificate for 127.0.0.1, valid for a day: clients may connect plain or with TLS.
as_owner openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
  -keyout "$cluster/server.key" -out "$cluster/server.crt" >/dev/null 2>&1 || {
  echo "with-postgres: openssl could not make the test certificate" >&2
  exit 1
}
chmod 600 "$cluster/server.key"
chmod 644 "$cluster/server.crt"

free_port() {
  local candidate
  while :; do
    candidate=$((20000 + RANDOM % 12000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
      echo "$candidate"
      return
    fi
  done
}

# Another process can take the port between the probe and the start: try a few.
started=""
for _ in 1 2 3 4 5; do
  port="$(free_port)"
  if as_owner "$pg_bin/pg_ctl" -D "$data" -l "$cluster/server.log" -w -t 30 start -o \
    "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$cluster -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 -c ssl=on -c ssl_cert_file=$cluster/server.crt -c ssl_key_file=$cluster/server.key" \
    >/dev/null 2>&1; then
    started=1
    break
  fi
done
if [ -z "$started" ]; then
  echo "with-postgres: the cluster did not start" >&2
  cat "$cluster/server.log" >&2 || true
  exit 1
fi

export PACKDESK_TEST_PG_URL="postgres://postgres@127.0.0.1:$port/postgres"
export PACKDESK_TEST_PG_CA="$cluster/server.crt"
# For a test that restarts the server for real (pg_ctl restart, as the cluster's owner).
export PACKDESK_TEST_PG_DATA="$data"
export PACKDESK_TEST_PG_BIN="$pg_bin"
# Not exec: the trap must run after the command to delete the cluster.
set +e
"$@"
status=$?
exit $status
