import { decodeHtml, looksLikeHtml, MAX_META_CONTENT, MAX_META_NAME, MAX_META_TAGS, MAX_TITLE, MAX_URL, PARSE_LIMITS, readPageMetadata } from '../../lib/web/pageMetadata';
import { parseTargetUrl } from '../../lib/web/targetUrl';
import { urlParts } from '../../lib/web/webpage';

const page = new URL('https://www.example.com/blog/post.html?ref=home');

describe('readPageMetadata', () => {
  test('reads title, description, meta tags and favicon of a typical page', () => {
    // Prepare
    const html = `<!doctype html><html><head>
      <meta charset="utf-8">
      <title>
        Caf&eacute; &amp; Bar   news
      </title>
      <meta name="Description" content="All about the  café.">
      <meta property="og:title" content="Café (Open Graph)">
      <meta property="og:image" content="https://cdn.example.com/cafe.jpg">
      <meta name="twitter:card" content="summary">
      <meta http-equiv="X-UA-Compatible" content="IE=edge">
      <link rel="stylesheet" href="/style.css">
      <link rel="icon" type="image/png" href="../img/icon.png">
    </head><body><p>Hello</p></body></html>`;

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(metadata).toEqual({
      page_title: 'Café & Bar news',
      page_description: 'All about the café.',
      meta_tags: {
        description: 'All about the café.',
        'og:title': 'Café (Open Graph)',
        'og:image': 'https://cdn.example.com/cafe.jpg',
        'twitter:card': 'summary',
        'x-ua-compatible': 'IE=edge',
      },
      favicon: 'https://www.example.com/img/icon.png',
    });
  });

  test('falls back to og:title and og:description when the page has no title or description', () => {
    // Prepare
    const html = `<head><title>  </title><meta property="og:title" content="OG title"><meta property="og:description" content="OG text"></head>`;

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(metadata.page_title).toBe('OG title');
    expect(metadata.page_description).toBe('OG text');
  });

  test('gives nulls and no meta tags for a page that declares nothing (no /favicon.ico guess)', () => {
    // Prepare
    const html = '<html><body><h1>Bare</h1></body></html>';

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(metadata).toEqual({ page_title: null, page_description: null, meta_tags: {}, favicon: null });
  });

  test('ignores a <title> inside inline SVG and keeps the document title', () => {
    // Prepare
    const html = '<body><svg><title>Icon caption</title></svg><title>Real title</title></body>';

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(metadata.page_title).toBe('Real title');
  });

  test('reads tags only where the HTML tokenizer sees tags: not in comments, scripts, styles or textareas; a <title> as text; nothing after the head', () => {
    // Prepare
    const html =
      '<!-- <meta name="description" content="in a comment"> --><head>' +
      '<script>document.write(\'<meta name="description" content="fake"><title>x</title>\')</script>' +
      '<style><meta name="keywords" content="in style"></style><textarea><meta name="author" content="in textarea"></textarea>' +
      '<title>a <b>bold</b> &amp; c</title></head><meta name="description" content="after head">';

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(metadata).toEqual({ page_title: 'a <b>bold</b> & c', page_description: null, meta_tags: {}, favicon: null });
  });

  test('reads unquoted, single-quoted and empty attributes in any case (the first of a name wins), and a title after a self-closed <svg/>', () => {
    // Prepare
    const html = '<META NAME=Description CONTENT=unquoted><meta name=\'keywords\' content=\'a, b\' content="second"><meta name="robots" content><svg/><title>after svg</title>';

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(metadata).toEqual({ page_title: 'after svg', page_description: 'unquoted', meta_tags: { description: 'unquoted', keywords: 'a, b', robots: '' }, favicon: null });
  });

  test('ends the head where <body> begins after an open <head>', () => {
    // Prepare
    const html = '<head><title>t</title><body><meta name="description" content="in body">';

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(metadata).toEqual({ page_title: 't', page_description: null, meta_tags: {}, favicon: null });
  });

  test('keeps the first of two meta tags with the same name', () => {
    // Prepare
    const html = '<meta name="description" content="first"><meta name="DESCRIPTION" content="second">';

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(metadata.meta_tags).toEqual({ description: 'first' });
  });

  test('treats meta names such as __proto__ and constructor as plain keys', () => {
    // Prepare
    const html = '<meta name="__proto__" content="x"><meta name="constructor" content="y"><meta name="toString" content="z">';

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(Object.keys(metadata.meta_tags)).toEqual(['__proto__', 'constructor', 'tostring']);
    expect(JSON.parse(JSON.stringify(metadata.meta_tags))).toEqual(JSON.parse('{"__proto__":"x","constructor":"y","tostring":"z"}'));
  });

  test(`returns at most ${MAX_META_TAGS} meta tags`, () => {
    // Prepare
    const html = Array.from({ length: MAX_META_TAGS + 50 }, (_, i) => `<meta name="m${i}" content="${i}">`).join('');

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(Object.keys(metadata.meta_tags)).toHaveLength(MAX_META_TAGS);
    expect(metadata.meta_tags.m0).toBe('0');
  });

  test(`cuts a 5.2 MB title of character references at ${MAX_TITLE} characters and reads the head on after it`, () => {
    // Prepare: the page (1.6 MB once decoded)
    const html = `<head><title>${'A&amp;B&#x41;'.repeat(400_000)}</title><meta name="description" content="after"></head>`;

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(metadata.page_title).toBe('A&BA'.repeat(MAX_TITLE / 4));
    expect(metadata.page_description).toBe('after');
  });

  test('decodes a field from its first 4 source characters per character only: a title of nothing but &amp; comes out shorter', () => {
    // Prepare
    const html = `<title>${'&amp;'.repeat(100_000)}</title>`;

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess: 8,000 source characters hold 1,600 references
    expect(metadata.page_title).toBe('&'.repeat((MAX_TITLE * 4) / 5));
  });

  test(`cuts meta content at ${MAX_META_CONTENT} characters and skips a name over ${MAX_META_NAME} or an icon or base URL over ${MAX_URL}`, () => {
    // Prepare
    const html =
      `<head><base href="https://other.example.org/${'b'.repeat(MAX_URL)}/"><meta name="${'n'.repeat(MAX_META_NAME + 1)}" content="x">` +
      `<meta name="${'k'.repeat(MAX_META_NAME)}" content="${'long '.repeat(MAX_META_CONTENT)}">` +
      `<link rel="icon" href="/${'i'.repeat(MAX_URL)}.png"><link rel="apple-touch-icon" href="/short.png"></head>`;

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(Object.keys(metadata.meta_tags)).toEqual(['k'.repeat(MAX_META_NAME)]);
    expect(metadata.meta_tags['k'.repeat(MAX_META_NAME)]).toBe('long '.repeat(MAX_META_CONTENT / 5).trimEnd());
    expect(metadata.favicon).toBe('https://www.example.com/short.png');
  });

  test('does not split a character outside the BMP where it cuts a field', () => {
    // Prepare: an emoji (two UTF-16 units) across the cut
    const html = `<title>${'a'.repeat(MAX_TITLE - 1)}😀 and more</title>`;

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(metadata.page_title).toBe('a'.repeat(MAX_TITLE - 1));
  });

  test('resolves the favicon against <base href>', () => {
    // Prepare
    const html = '<head><base href="https://static.example.net/assets/"><link rel="shortcut icon" href="favicon.ico"></head>';

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(metadata.favicon).toBe('https://static.example.net/assets/favicon.ico');
  });

  test('prefers rel=icon to an earlier apple-touch-icon, and uses apple-touch-icon when it is the only one', () => {
    // Prepare
    const both = '<link rel="apple-touch-icon" href="/apple.png"><link rel="ICON" href="//cdn.example.org/i.svg">';
    const appleOnly = '<link rel="apple-touch-icon-precomposed" href="/apple.png">';

    // Act
    const preferred = readPageMetadata(both, page).favicon;
    const fallback = readPageMetadata(appleOnly, page).favicon;

    // Assess
    expect(preferred).toBe('https://cdn.example.org/i.svg');
    expect(fallback).toBe('https://www.example.com/apple.png');
  });

  test('skips icons that are not http(s) URLs (data: URIs)', () => {
    // Prepare
    const html = '<link rel="icon" href="data:image/png;base64,iVBORw0KGgo="><link rel="apple-touch-icon" href="/a.png">';

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(metadata.favicon).toBe('https://www.example.com/a.png');
  });

  test('reads the head only: a meta tag after </head> is not parsed', () => {
    // Prepare
    const html = '<html><head><title>Head</title><meta name="author" content="in head"></head><body><meta name="description" content="in body"></body></html>';

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(metadata).toEqual({ page_title: 'Head', page_description: null, meta_tags: { author: 'in head' }, favicon: null });
  });

  test('stops after the element limit on 400,000 nested <div> and answers from what it read', () => {
    // Prepare: the pathological page, a description placed after the divs, and no </head> to stop at
    const html = `<title>Deep</title><meta name="author" content="early">${'<div>'.repeat(400_000)}<meta name="description" content="late">`;

    // Act
    const metadata = readPageMetadata(html, page);

    // Assess
    expect(PARSE_LIMITS.maxElements).toBeLessThan(400_000);
    expect(metadata).toEqual({ page_title: 'Deep', page_description: null, meta_tags: { author: 'early' }, favicon: null });
  });

  test('reads exactly maxElements elements', () => {
    // Prepare
    const html = '<meta name="a" content="1"><meta name="b" content="2"><meta name="c" content="3">';

    // Act
    const metadata = readPageMetadata(html, page, { ...PARSE_LIMITS, maxElements: 2 });

    // Assess
    expect(metadata.meta_tags).toEqual({ a: '1', b: '2' });
  });

  test('stops once its time is up and keeps a title cut off there', () => {
    // Prepare: a time limit already passed after the first chunk of 20 characters
    const html = '<title>Cut off here and the rest</title><meta name="description" content="never read">';

    // Act
    const metadata = readPageMetadata(html, page, { ...PARSE_LIMITS, timeMs: -1, chunkChars: 20 });

    // Assess
    expect(metadata).toEqual({ page_title: 'Cut off here', page_description: null, meta_tags: {}, favicon: null });
  });
});

describe('decodeHtml', () => {
  test('decodes with the charset of the Content-Type header', () => {
    // Prepare: "Café" in ISO-8859-1 (é = 0xE9)
    const body = Buffer.from([0x43, 0x61, 0x66, 0xe9]);

    // Act
    const text = decodeHtml(body, 'text/html; charset=ISO-8859-1');

    // Assess
    expect(text).toBe('Café');
  });

  test('decodes with a <meta charset> when the header has none', () => {
    // Prepare: in ISO-8859-2 (Latin-2) the byte 0xB3 is "ł"
    const body = Buffer.concat([Buffer.from('<meta charset="iso-8859-2"><title>'), Buffer.from([0xb3]), Buffer.from('</title>')]);

    // Act
    const text = decodeHtml(body, 'text/html');

    // Assess
    expect(text).toContain('<title>ł</title>');
  });

  test('uses UTF-8 for an unknown charset label', () => {
    // Prepare
    const body = Buffer.from('<title>Grüße</title>', 'utf8');

    // Act
    const text = decodeHtml(body, 'text/html; charset=klingon');

    // Assess
    expect(text).toBe('<title>Grüße</title>');
  });
});

describe('looksLikeHtml', () => {
  test.each([
    ['<!DOCTYPE html><html></html>', true],
    ['  <html><head><title>x</title>', true],
    ['{"json": true}', false],
    ['%PDF-1.7', false],
    ['<?xml version="1.0"?><rss></rss>', false],
  ])('%j → %s', (text, expected) => {
    // Prepare: the text

    // Act
    const result = looksLikeHtml(text);

    // Assess
    expect(result).toBe(expected);
  });
});

describe('urlParts', () => {
  test('splits the URL and decodes its query; a repeated parameter gives an array', () => {
    // Prepare
    const url = new URL('https://Example.COM:8443/a%20b/c?q=caf%C3%A9+au+lait&tag=x&tag=y&empty=&__proto__=z#top');

    // Act
    const parts = urlParts(url);

    // Assess
    expect(parts).toEqual({
      url: 'https://example.com:8443/a%20b/c?q=caf%C3%A9+au+lait&tag=x&tag=y&empty=&__proto__=z#top',
      domain: 'example.com',
      url_path: '/a%20b/c',
      url_parameters: JSON.parse('{"q":"café au lait","tag":["x","y"],"empty":"","__proto__":"z"}'),
    });
  });

  test('gives an empty parameter object and path / for a bare origin', () => {
    // Prepare
    const url = new URL('http://example.com');

    // Act
    const parts = urlParts(url);

    // Assess
    expect(parts).toEqual({ url: 'http://example.com/', domain: 'example.com', url_path: '/', url_parameters: {} });
  });
});

describe('parseTargetUrl', () => {
  test.each([
    ['example.com/page', /absolute URL/],
    ['ftp://example.com/file', /http or https URL \(got ftp\)/],
    ['javascript:alert(1)', /http or https URL/],
    ['file:///etc/passwd', /http or https URL/],
    ['https://user:secret@example.com/', /user name or password/],
    ['http://exa mple.com/', /absolute URL/],
  ])('refuses %s', (text, problem) => {
    // Prepare: the text

    // Act
    const result = parseTargetUrl(text);

    // Assess
    expect(result).toEqual({ problem: expect.stringMatching(problem) });
  });

  test('accepts an https URL with port, path and query', () => {
    // Prepare
    const text = 'https://example.com:8443/path?x=1';

    // Act
    const result = parseTargetUrl(text);

    // Assess
    expect('url' in result && result.url.href).toBe(text);
  });
});
