#!/usr/bin/env bash
# Builds client and server into another folder (default .lead-dist) so a run does not disturb dist/.
set -euo pipefail
out=${1:-.lead-dist}
npx vite build --outDir "../../$out/client" --emptyOutDir --logLevel warn
npx esbuild src/server/main.ts --bundle --platform=node --format=esm --target=node20 --packages=external \
  --outfile="$out/server/main.js" --log-level=warning \
  --banner:js="import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);"
