/**
 * patches/: the upstream fix that patch-package applies on install reaches
 * the browser bundle (run "npm run build" first).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

const jsDir = path.resolve('build', 'assets', 'js');

function mainBundle(): string {
  assert.ok(fs.existsSync(jsDir), 'run "npm run build" before the unit tests');
  const main = fs.readdirSync(jsDir).filter((f) => /^main\.[0-9a-f]+\.js$/.test(f));
  assert.equal(main.length, 1);
  return fs.readFileSync(path.join(jsDir, main[0]!), 'utf8');
}

test('the browser context turns true inside startTransition', () => {
  // BrowserContextProvider: the context created with false, its provider.
  const provider =
    /createContext\(!1\);function \w+\(\{children:\w+\}\)\{(.*?)\.Provider,\{value:/.exec(
      mainBundle(),
    );
  assert.ok(provider, 'the browser context provider is in the main bundle');
  assert.match(
    provider[1]!,
    /useEffect\)\(\(\)=>\{\(0,\w+\.startTransition\)\(\(\)=>\w+\(!0\)\)\}/,
  );
});

test("DocSearch's button has a space between its words and each key cap", () => {
  // DocSearchButton: the placeholder ("Search"), then the key caps (Ctrl, K).
  const button =
    /"DocSearch-Button-Placeholder"\},[^)]*\)\),(.{0,40}?)\w+\.createElement\("span",\{className:"DocSearch-Button-Keys"\},(.*?)\)\)\)\}\)/.exec(
      mainBundle(),
    );
  assert.ok(button, "DocSearch's button is in the main bundle");
  assert.equal(button[1], '" ",');
  assert.match(
    button[2]!,
    /reactsToKey:\w+\},\w+\)," ",\w+\.createElement\(\w+,\{reactsToKey:"k"\},"K"\)/,
  );
});

test("DocSearch's shortcut listener is not replaced on every render of the search bar", () => {
  // useDocSearchKeyboardEvents: the effect that listens for Ctrl/Cmd+K and /,
  // and its dependencies: the two shortcut flags, not the object holding them.
  const effect =
    /"Ctrl\/Cmd\+K"\]&&"k"===.*?window\.removeEventListener\("keydown",\w+\)\}\},\[(.*?)\]\)/.exec(
      mainBundle(),
    );
  assert.ok(effect, "DocSearch's keyboard shortcut effect is in the main bundle");
  assert.match(effect[1]!, /^(?:\w+,){5}(\w+)\["Ctrl\/Cmd\+K"\],\1\["\/"\]$/);
});
