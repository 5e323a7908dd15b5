// `npm start`: install what is missing, build client and server, then run the product.
import { execSync, spawn } from 'node:child_process';

execSync('node scripts/ensure-deps.mjs', { stdio: 'inherit' });
execSync('npm run build --silent', { stdio: 'inherit' });
const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
