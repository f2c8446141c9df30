import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { declarationsOf, ServerStylesProvider, styleKey, stylesheetOf, useStyleProps, type StyleCollector } from './server-styles';

function Box({ left }: { left: string }) {
  return <div {...useStyleProps({ left, width: '20%', '--org': '#0f766e' } as React.CSSProperties)} />;
}

describe('inline styles of a page the server renders', () => {
  it('writes declarations as CSS, leaving out values that could end the rule', () => {
    expect(declarationsOf({ left: '12.5%', borderTopWidth: '2px', '--org-soft': '#ecf4f3' } as React.CSSProperties)).toBe('left:12.5%;border-top-width:2px;--org-soft:#ecf4f3');
    expect(declarationsOf({ color: 'red;}body{display:none', left: '1%', top: '"x"' })).toBe('left:1%');
  });

  it('keys the same declarations alike, different ones apart', () => {
    expect(styleKey('left:1%')).toBe(styleKey('left:1%'));
    expect(styleKey('left:1%')).not.toBe(styleKey('left:2%'));
  });

  it('renders a key on the server and collects its rule', () => {
    const styles: StyleCollector = new Map();
    const html = renderToString(
      <ServerStylesProvider value={styles}>
        <Box left="10%" />
        <Box left="10%" />
        <Box left="30%" />
      </ServerStylesProvider>,
    );
    expect(html).not.toContain(' style=');
    const key = styleKey('left:10%;width:20%;--org:#0f766e');
    expect(html).toContain(`data-style="${key}"`);
    expect(stylesheetOf(styles)).toBe(`[data-style="${key}"]{left:10%;width:20%;--org:#0f766e}[data-style="${styleKey('left:30%;width:20%;--org:#0f766e')}"]{left:30%;width:20%;--org:#0f766e}`);
  });
});
