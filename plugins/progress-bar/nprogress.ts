/**
 * Stands in for the `nprogress` package in the theme's route-change progress
 * bar (@docusaurus/theme-classic/lib/nprogress.js, a client module of every
 * page, which calls `configure`, `start` and `done`). It draws the same
 * markup (`#nprogress > .bar > .peg`, styled by the theme's nprogress.css)
 * and moves the bar with CSS transitions instead of the package's timers.
 *
 * `start` shows the bar (the theme calls it 200 ms into a page change that
 * is still loading); it creeps towards the end and slows down. `done` runs
 * it to the end and fades it out; without a bar showing, it does nothing.
 */

let current: HTMLElement | null = null;

function configure(): void {
  // The theme only turns the spinner off; this bar has none.
}

function start(): void {
  if (current) return;
  const root = document.createElement('div');
  root.id = 'nprogress';
  const bar = document.createElement('div');
  bar.className = 'bar';
  const peg = document.createElement('div');
  peg.className = 'peg';
  bar.append(peg);
  root.append(bar);
  bar.style.transform = 'translateX(-100%)';
  document.body.append(root);
  // Lay out the start position so that the change below is animated.
  bar.getBoundingClientRect();
  bar.style.transition = 'transform 8s cubic-bezier(0.1, 0.8, 0.2, 1)';
  bar.style.transform = 'translateX(-8%)';
  current = root;
}

function done(): void {
  const root = current;
  if (!root) return;
  current = null;
  const bar = root.firstElementChild as HTMLElement;
  bar.style.transition = 'transform 200ms linear';
  bar.style.transform = 'none';
  root.style.transition = 'opacity 200ms linear 200ms';
  root.style.opacity = '0';
  window.setTimeout(() => root.remove(), 450);
}

export default {configure, start, done};
