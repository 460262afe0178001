import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// electron-builder's own configuration loading and schema validation (app-builder-lib, the
// library the electron-builder command runs), without building anything: no Electron binary is
// downloaded, since the config pins electronVersion and nothing is packaged.
const desktop = join(import.meta.dirname, '..');
const root = join(desktop, '..');
const load = createRequire(join(desktop, 'package.json'));

type Configuration = Record<string, unknown> & {
  readonly asarUnpack?: readonly string[];
  readonly files?: readonly unknown[];
  readonly electronVersion?: string;
  readonly directories?: { readonly buildResources?: string; readonly output?: string };
  readonly linux?: { readonly target?: readonly string[]; readonly icon?: string };
  readonly mac?: { readonly target?: string; readonly icon?: string };
  readonly win?: { readonly target?: string; readonly icon?: string };
};
const { getConfig, validateConfiguration } = load('app-builder-lib/out/util/config/config.js') as {
  getConfig: (projectDir: string, configPath: string, options: null) => Promise<Configuration>;
  validateConfiguration: (config: Configuration, logger: unknown) => Promise<void>;
};
const { checkMetadata } = load('app-builder-lib/out/util/packageMetadata.js') as {
  checkMetadata: (metadata: unknown, dev: unknown, file: string, devFile: string) => void;
};
const { DebugLogger } = load('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
// electron-builder matches asarUnpack with its own copy of minimatch.
const minimatch = createRequire(load.resolve('app-builder-lib/package.json'))('minimatch') as {
  minimatch: (path: string, pattern: string, options: { dot: boolean }) => boolean;
};

type PackageJson = {
  readonly name: string;
  readonly version: string;
  readonly author?: { readonly name?: string; readonly email?: string };
  readonly homepage?: string;
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
};
const pkg = JSON.parse(readFileSync(join(desktop, 'package.json'), 'utf8')) as PackageJson;

/** Width and height from a PNG's IHDR. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('electron-builder configuration', async () => {
  const config = await getConfig(desktop, join(root, 'electron-builder.yml'), null);
  const resources = join(desktop, config.directories?.buildResources ?? 'build');

  it('passes electron-builder’s own schema validation', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('is refused by the same validation when broken (the check is live)', async () => {
    // A misspelt option, as a hand edit of the YAML might leave it.
    const linux = JSON.parse('{"target":["AppImage"],"iconz":"x"}') as Configuration['linux'];
    await expect(
      validateConfiguration({ ...config, linux }, new DebugLogger(false)),
    ).rejects.toThrow(/configuration\.linux/);
  });

  it('targets AppImage and deb on Linux, nsis on Windows and dmg on macOS, with the pinned Electron', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toBe('nsis');
    expect(config.mac?.target).toBe('dmg');
    expect(pkg.devDependencies['electron']).toContain(config.electronVersion ?? 'missing');
  });

  it('has the author with an e-mail (deb needs a maintainer) and a homepage', () => {
    expect(pkg.author?.name).toBeTruthy();
    expect(pkg.author?.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(pkg.homepage).toMatch(/^https:\/\//);
    expect(() =>
      checkMetadata(pkg, pkg, join(desktop, 'package.json'), join(desktop, 'package.json')),
    ).not.toThrow();
  });

  it('has every icon under build/: Linux PNGs named by size, the Windows .ico and the macOS .icns', () => {
    expect(resources).toBe(join(root, 'build'));
    for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) {
      const file = join(resources, config.linux?.icon ?? 'icons', `${size}x${size}.png`);
      expect(pngSize(readFileSync(file))).toEqual([size, size]);
    }
    expect(pngSize(readFileSync(join(resources, 'icon.png')))).toEqual([1024, 1024]);
    const ico = readFileSync(join(resources, config.win?.icon ?? ''));
    expect(ico.readUInt16LE(2)).toBe(1);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico[6 + 16 * i] || 256);
    expect(sizes).toContain(256);
    const icns = readFileSync(join(resources, config.mac?.icon ?? ''));
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    expect(icns.includes(Buffer.from('ic10'))).toBe(true);
  });

  it('ships the MP3 decoder as a dependency, unpacked from the asar archive', () => {
    expect(Object.keys(pkg.dependencies)).toContain('mpg123-decoder');
    const decoderFiles = [
      'node_modules/mpg123-decoder/index.js',
      'node_modules/mpg123-decoder/src/EmscriptenWasm.js',
      'node_modules/@wasm-audio-decoders/common/index.js',
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
    ];
    for (const file of decoderFiles) {
      expect(
        (config.asarUnpack ?? []).some((pattern) =>
          minimatch.minimatch(file, pattern, { dot: true }),
        ),
        file,
      ).toBe(true);
    }
    // The built main code (npm run test:desktop builds first) imports the decoder from
    // node_modules rather than bundling it, so the unpacked files are the ones it runs.
    const chunks = join(desktop, 'out', 'main', 'chunks');
    const built = readdirSync(chunks).map((file) => readFileSync(join(chunks, file), 'utf8'));
    expect(
      built.some((code) => /import\("mpg123-decoder"\)|from "mpg123-decoder"/.test(code)),
    ).toBe(true);
    const files = (config.files ?? []).flatMap((entry) =>
      typeof entry === 'string' ? [entry] : ((entry as { filter?: string[] }).filter ?? []),
    );
    expect(files).toContain('out/**');
  });

  it('ships the analyser: hunspell-wasm and its .wasm, and the dictionary the build copies, unpacked', () => {
    expect(Object.keys(pkg.dependencies)).toContain('hunspell-wasm');
    const analyserFiles = [
      'node_modules/hunspell-wasm/dist/Hunspell.js',
      'node_modules/hunspell-wasm/wasm/hunspell.js',
      'node_modules/hunspell-wasm/wasm/hunspell.wasm',
      'out/main/dictionaries/hu_HU/hu_HU.aff',
      'out/main/dictionaries/hu_HU/hu_HU.dic',
    ];
    for (const file of analyserFiles) {
      expect(
        (config.asarUnpack ?? []).some((pattern) =>
          minimatch.minimatch(file, pattern, { dot: true }),
        ),
        file,
      ).toBe(true);
    }
    // The build's copy is core's dictionary byte for byte; the built code imports hunspell-wasm.
    for (const file of ['hu_HU.aff', 'hu_HU.dic']) {
      expect(
        readFileSync(join(desktop, 'out', 'main', 'dictionaries', 'hu_HU', file)).equals(
          readFileSync(join(root, 'core', 'dictionaries', 'hu_HU', file)),
        ),
        file,
      ).toBe(true);
    }
    const chunks = join(desktop, 'out', 'main', 'chunks');
    const built = readdirSync(chunks).map((file) => readFileSync(join(chunks, file), 'utf8'));
    expect(built.some((code) => /import\("hunspell-wasm"\)|from "hunspell-wasm"/.test(code))).toBe(
      true,
    );
  });
});
