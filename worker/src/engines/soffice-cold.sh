#!/bin/sh
# libreoffice-convert starts this in place of soffice (see soffice-cold.ts). Its first argument is
# the fresh profile libreoffice-convert made (-env:UserInstallation=file:///...): the profile gets
# Sheaf's hardened settings before soffice first reads it. soffice then runs under coreutils
# timeout, which leads its own process group: at the time limit, or when the worker sends TERM
# (an aborted task), the whole group gets TERM, then KILL 5 s later.
set -eu
case "${1:-}" in
  -env:UserInstallation=file://*%*) echo "soffice-cold.sh: the profile path must need no URL escaping" >&2; exit 64 ;;
  -env:UserInstallation=file://*) profile="${1#-env:UserInstallation=file://}" ;;
  *) echo "soffice-cold.sh: expected -env:UserInstallation=file://... first" >&2; exit 64 ;;
esac
mkdir -p "$profile/user"
cp "$(dirname "$0")/soffice-profile.xcu" "$profile/user/registrymodifications.xcu"
exec timeout -k 5 "${SHEAF_SOFFICE_TIMEOUT:-120}" "${SHEAF_SOFFICE_BIN:-soffice}" "$@"
