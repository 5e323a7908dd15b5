// Installs dependencies when node_modules is missing or older than the lock file (fresh clone, pulled changes).
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs + 1000;
if (stale) {
  // `npm install`, not `npm ci`: the lock file lists only the platform packages the registry serves here
  // (e.g. Tailwind's native binaries for Linux), which `npm ci` refuses as out of sync. With the lock
  // present, `npm install` installs exactly the locked versions and skips unavailable optional packages.
  console.log('Installing dependencies (npm install)...');
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
}
