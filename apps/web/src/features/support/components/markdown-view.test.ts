import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownView } from './markdown-view';

const render = (source: string) => renderToStaticMarkup(createElement(MarkdownView, { source }));

describe('MarkdownView', () => {
  it('renders Markdown with GitHub tables', () => {
    const html = render('# Setup\n\n**Bold** text\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<h1>Setup</h1>');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<td>2</td>');
  });

  it('never renders raw HTML or script links from an article', () => {
    const html = render(
      'Hi <script>alert(1)</script><img src=x onerror="alert(2)"> [click](javascript:alert(3))',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('click');
  });

  it('opens links in a new tab without the opener', () => {
    const html = render('[docs](https://example.com/a)');
    expect(html).toContain('href="https://example.com/a"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });
});
