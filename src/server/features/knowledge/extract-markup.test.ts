import { describe, expect, it } from 'vitest';
import { readableMarkup } from './extract-markup.ts';

describe('readable markup', () => {
  it('drops tags, code blocks and link targets, keeping the words a person would read', () => {
    const page = [
      '## Connection timeout',
      '<a id="factory-connection-timeout"></a>',
      'Defines the server timeout in **milliseconds**. See [the docs](https://example.com/docs) or `connectionTimeout`.',
      '```js',
      'fastify.listen({ port: 3000 })',
      '```',
      '![diagram](img.png)',
      '[docs]: https://example.com',
      'Default: `0` (no timeout)<br>Set it per server.',
    ].join('\n');
    expect(readableMarkup(page).split('\n')).toEqual([
      '## Connection timeout',
      '',
      'Defines the server timeout in milliseconds. See the docs or connectionTimeout.',
      '',
      'Default: 0 (no timeout)',
      'Set it per server.',
    ]);
  });

  it('never keeps what a script or a style holds', () => {
    const pasted =
      'Open daily.\n<style>\ndd { margin: 1em; }\n</style>\n<script type="module">\nconst t = 1;\n</script>\nClosed on Sundays.';
    expect(readableMarkup(pasted).split('\n').filter(Boolean)).toEqual(['Open daily.', 'Closed on Sundays.']);
  });

  it('keeps the words of a link written over two lines', () => {
    expect(
      readableMarkup('the same as the core [`createServer`\nmethod](https://nodejs.org/api/http.html).'),
    ).toBe('the same as the core createServer\nmethod.');
  });

  it('reads a table row as one sentence that names its columns, without the header and rules', () => {
    const table =
      '| Bike type | 2 hours | Full day |\n|---|:---:|---|\n| Electric bike | $40 | $90 |\n| Tandem | $35 | - |\n\nAfter.';
    expect(readableMarkup(table)).toBe(
      'Electric bike: 2 hours, $40; Full day, $90.\nTandem: 2 hours, $35.\n\nAfter.',
    );
  });

  it('names each column in the rows of a table whose corner cell is empty', () => {
    expect(
      readableMarkup('| | Starter | Growth |\n|---|---|---|\n| Users included | 1 user | 3 users |'),
    ).toBe('Users included: Starter, 1 user; Growth, 3 users.');
  });

  it('reads a two-column table row as label and value, and a table without a rule as it is', () => {
    expect(readableMarkup('| Service | Price |\n|---|---|\n| Basic | $99 |')).toBe(
      'Service: Price.\nBasic: $99.',
    );
    expect(readableMarkup('| Basic | $99 | 100 |\n| Pro | $199 | 300 |')).toBe(
      'Basic: $99, 100.\nPro: $199, 300.',
    );
  });

  it('keeps the text after a fence that never closes', () => {
    expect(readableMarkup('Prices:\n```\nBasic is $99 a month.')).toBe('Prices:\nBasic is $99 a month.');
  });

  it('keeps text that only looks like markup: comparisons, a lone asterisk, snake_case words', () => {
    const text = 'Children < 5 ride free and adults > 65 pay half.\n* Open daily\nUse max_body_size.';
    expect(readableMarkup(text)).toBe(text);
  });

  it('drops a table of contents or a menu of links, keeping a list with a link among its words', () => {
    const page = [
      'This document has recommendations.',
      '- [Use A Reverse Proxy](#use-a-reverse-proxy)',
      '  - [HAProxy](#haproxy)',
      '',
      '- [Kubernetes](#kubernetes)',
      '<li><a href="/pricing">Pricing</a></li>',
      '## Use A Reverse Proxy',
      '- Run [Nginx](https://nginx.org) in front of the server.',
      '- [Docs](#docs)',
    ].join('\n');
    expect(readableMarkup(page).split('\n')).toEqual([
      'This document has recommendations.',
      '',
      '## Use A Reverse Proxy',
      '- Run Nginx in front of the server.',
      '- Docs',
    ]);
  });
  it("reads a quote's words without its marks", () => {
    expect(readableMarkup('> Note:\n> At least one of the two\n>\n> must be set.').split('\n')).toEqual([
      'Note:',
      'At least one of the two',
      '',
      'must be set.',
    ]);
  });
});
