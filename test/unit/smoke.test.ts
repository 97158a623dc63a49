import middy from '@middy/core';
import { z } from 'zod';
test('esm works', async () => { const h = middy(async () => z.string().parse('x')); expect(await h({}, {} as never)).toBe('x'); });
