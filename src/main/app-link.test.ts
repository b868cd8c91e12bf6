import { describe, expect, it, vi } from 'vitest';
import { createCabinetPort, factoryOf, NotWiredError } from './app-link';
import type { CabinetLinkOptions } from './cabinet-link';

const options: CabinetLinkOptions = { dataDir: '/tmp/d', configFile: null, argv: [], log: () => undefined };

describe('the link to the app', () => {
  it('says clearly that the app is not wired when src/app has no factory', async () => {
    const notFound = Object.assign(new Error("Cannot find module '../app/index'"), { code: 'ERR_MODULE_NOT_FOUND' });
    await expect(createCabinetPort(options, async () => Promise.reject(notFound))).rejects.toThrow(NotWiredError);
    await expect(createCabinetPort(options, async () => ({ somethingElse: 1 }))).rejects.toThrow(/not wired yet: src\/app has no createCabinetPort export/);
    expect(() => factoryOf(null)).toThrow(NotWiredError);
  });

  it('reports an app that fails while loading as that, not as unwired', async () => {
    const broken = new SyntaxError('Unexpected token }');
    const failure = createCabinetPort(options, async () => Promise.reject(broken));
    await expect(failure).rejects.toThrow('the cabinet app failed to load: Unexpected token }');
    await expect(failure).rejects.not.toBeInstanceOf(NotWiredError);
  });

  it('calls the factory it finds with the options', async () => {
    const link = { port: {} as never, close: async () => undefined };
    const factory = vi.fn(async () => link);
    expect(await createCabinetPort(options, async () => ({ createCabinetPort: factory }))).toBe(link);
    expect(factory).toHaveBeenCalledWith(options);
  });
});
