/**
 * The system Chromium that browser tests, the audit and the benchmarks drive.
 * Set CHROMIUM_PATH to use another binary; no browser is ever downloaded. The
 * flags keep Chromium from contacting any network service of its own.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
