import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATE_ELEMENTS } from '@shared/report/default-template';
import { TemplateElementSchema, type TemplateElement } from '@shared/schemas/report';
import { MRRT_MAX_ELEMENTS } from '@shared/schemas/layout';
import { exportMrrt } from './mrrt-export';
import { importMrrt, MrrtTooLarge } from './mrrt-import';

const source = (elements: TemplateElement[], name = '胸部 CT 平扫') => ({
  pk: 7,
  name,
  hospital_code: 'H001',
  modality: 'CT',
  elements,
  update_time: new Date('2026-11-27T08:00:00Z'),
});
const roundTrip = (elements: TemplateElement[]) => importMrrt(exportMrrt(source(elements), 'zh-CN'));

/** Every tag, with what only the data attributes can carry (formulas, ranges, new_style, class, jfield). */
const EVERY_TAG: TemplateElement[] = [
  {
    tag: 'textContent',
    uuid: 't1',
    text: '超声测量 <b>&"\'',
    class: 'rpt-title big',
    style: { fontSize: 24, textAlign: 'center' },
  },
  { tag: 'textContent', uuid: 't2', jfield: 'patient_name', new_style: { color: '#333' } },
  { tag: 'input', uuid: 'i1', jfield: 'patient_age', style: { width: '10%' } },
  { tag: 'input', uuid: 'i2' },
  { tag: 'textarea', uuid: 'a1', jfield: 'report_text1', text: '\n第一行\n  第二行', style: { minHeight: '80mm' } },
  { tag: 'hr', uuid: 'h1', style: { borderTop: '1px solid #000' } },
  { tag: 'imgCom', uuid: 'logo', src: 'data:image/png;base64,iVBORw0KGgo=' },
  { tag: 'imgCom', uuid: 'logo2', jfield: 'hospital_logo', src: '/tool/logo?h=H001' },
  { tag: 'imgList', uuid: 'imgs', style: { minHeight: '0mm' } },
  {
    tag: 'nestDiv',
    uuid: 'n1',
    class: 'box',
    childs: [
      {
        tag: 'div',
        uuid: 'row1',
        style: { display: 'flex', gap: '2mm' },
        childs: [
          { tag: 'textContent', uuid: 'l1', text: '部位：' },
          { tag: 'module', uuid: 'm1', data: { options: ['左侧', '右侧', '双侧'] } },
        ],
      },
      { tag: 'checkbox', uuid: 'c1', data: { options: ['钙化', '结节'] } },
      { tag: 'radio', uuid: 'r1', data: { options: ['阴性', '阳性'] }, text: '结论' },
    ],
  },
  {
    tag: 'table',
    uuid: 'tb',
    data: {
      rows: [
        [{ text: '项目' }, { text: '长' }, { text: '宽' }, { text: '合计' }],
        [{ text: '左叶' }, {}, { input: true }, { model: '1' }],
        [{ text: '均值', colspan: 2 }, { formula: '(B2+C2)/2' }, { model: '2' }],
      ],
    },
  },
  {
    tag: 'usRange',
    uuid: 'us',
    data: {
      label: '双顶径',
      unit: 'mm',
      ranges: [
        { month: 5, min: 40.5, max: 52 },
        { month: 6, min: 55, max: 66 },
      ],
    },
  },
];

describe('MRRT export and import', () => {
  it('gives back the same layout: the installation default', () => {
    const back = roundTrip(DEFAULT_TEMPLATE_ELEMENTS);
    expect(back.elements).toEqual(DEFAULT_TEMPLATE_ELEMENTS);
    expect(back.name).toBe('胸部 CT 平扫');
    expect(back.removed).toBe(0);
  });

  it('gives back the same layout: every tag, formulas, ranges, options, styles and bindings', () => {
    for (const e of EVERY_TAG) expect(TemplateElementSchema.safeParse(e).success).toBe(true);
    const back = roundTrip(EVERY_TAG);
    expect(back.elements).toEqual(EVERY_TAG);
    expect(back.count).toBe(EVERY_TAG.length + 5); // the nested ones count too
  });

  it('writes MRRT an MRRT viewer can read: head metadata, fields, options, escaped text', () => {
    const html = exportMrrt(source(EVERY_TAG), 'zh-CN');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<meta name="dcterms.type" content="IMAGE_REPORT_TEMPLATE">');
    expect(html).toContain('<meta name="dcterms.title" content="胸部 CT 平扫">');
    expect(html).toContain('<template_attributes>');
    expect(html).toContain('<option value="左侧">左侧</option>');
    expect(html).toContain('<input type="radio" name="r1" value="阴性">');
    expect(html).toContain('超声测量 &lt;b&gt;&amp;"\'');
    expect(html).not.toContain('<b>&');
  });
});

/** Shaped like RSNA RadReport's published templates. */
const RADREPORT = `<!DOCTYPE html>
<html><head><meta charset="UTF-8"><title>CT Chest</title>
<meta name="dcterms.title" content="CT Chest with contrast">
<script type="text/xml"><template_attributes><status>ACTIVE</status></template_attributes></script>
</head><body>
<section id="clinical" class="level1"><header class="level1">Clinical information</header>
  <p><label for="T1">Indication</label><input type="text" id="T1" name="Indication"></p>
</section>
<section id="findings" class="level1"><header class="level1">Findings</header>
  <p><label for="T2">Lungs</label><textarea id="T2" name="Lungs">No consolidation.</textarea></p>
  <p><label for="T3">Nodule size</label><input type="number" id="T3" name="size"> mm</p>
  <p><label for="T4">Laterality</label><select id="T4"><option value="L">Left</option><option value="R">Right</option><option>Right</option></select></p>
  <p>Effusion <input type="radio" name="eff" id="e1" value="absent"><label for="e1">Absent</label>
     <input type="radio" name="eff" id="e2" value="present"><label for="e2">Present</label></p>
  <p><label><input type="checkbox" name="calc" value="y">Calcified</label></p>
  <table><tbody><tr><th>Site</th><th>Size</th></tr><tr><td>RUL</td><td><input type="number"></td></tr></tbody></table>
</section>
<section id="impression" class="level1"><header class="level1">Impression</header>
  <p><textarea id="T9" name="impression"></textarea></p>
</section>
</body></html>`;

describe('MRRT from elsewhere', () => {
  const imported = importMrrt(RADREPORT);

  it('reads sections, headings, labelled fields, selections, radio groups, check boxes and tables', () => {
    expect(imported.name).toBe('CT Chest with contrast');
    const [clinical, findings, impression] = imported.elements;
    expect(imported.elements).toHaveLength(3);
    expect(clinical).toMatchObject({ tag: 'div', uuid: 'clinical', class: 'mrrt-section' });
    expect(clinical!.childs![0]).toMatchObject({
      tag: 'textContent',
      text: 'Clinical information',
      style: { fontWeight: 'bold' },
    });
    expect(clinical!.childs![1]).toMatchObject({
      tag: 'div',
      class: 'rpt-row',
      childs: [
        { tag: 'textContent', text: 'Indication' },
        { tag: 'input', uuid: 'T1' },
      ],
    });
    const f = findings!.childs!;
    expect(f[1]!.childs).toEqual([
      expect.objectContaining({ tag: 'textContent', text: 'Lungs' }),
      { tag: 'textarea', uuid: 'T2', text: 'No consolidation.' },
    ]);
    expect(f[2]!.childs!.map((c) => c.tag)).toEqual(['textContent', 'input', 'textContent']);
    expect(f[3]!.childs![1]).toEqual({ tag: 'module', uuid: 'T4', data: { options: ['Left', 'Right'] } });
    expect(f[4]!.childs).toEqual([
      expect.objectContaining({ tag: 'textContent', text: 'Effusion' }),
      { tag: 'radio', uuid: 'eff', data: { options: ['Absent', 'Present'] } },
    ]);
    expect(f[5]).toEqual({ tag: 'checkbox', uuid: 'calc', data: { options: ['Calcified'] } });
    expect(f[6]).toMatchObject({
      tag: 'table',
      data: {
        rows: [
          [{ text: 'Site' }, { text: 'Size' }],
          [{ text: 'RUL' }, { input: true }],
        ],
      },
    });
    expect(impression!.childs![1]).toEqual({ tag: 'textarea', uuid: 'T9' });
    for (const e of imported.elements) expect(TemplateElementSchema.safeParse(e).success).toBe(true);
  });

  it('exports what it imported and reads it back the same', () => {
    expect(roundTrip(imported.elements).elements).toEqual(imported.elements);
  });
});

describe('MRRT is untrusted', () => {
  const HOSTILE = `<!DOCTYPE html><html><head><title>x</title>
<script>alert('head')</script><link rel="stylesheet" href="http://evil.example/a.css">
<style>@import url(http://evil.example/b.css); body{background:url(http://evil.example/c)}</style>
<base href="http://evil.example/"></head>
<body onload="alert('body')">
<p onclick="alert('p')" style="color: red; background-image: url(http://evil.example/d.png); position: fixed; top: 0">Click <a href="javascript:alert('a')">here</a></p>
<img src="x" onerror="alert('img')"><img src="http://evil.example/e.png"><img src="//evil.example/f.png">
<iframe src="http://evil.example/"></iframe><object data="http://evil.example/g.swf"></object>
<embed src="http://evil.example/h"><svg onload="alert('svg')"><image href="http://evil.example/i.png"/></svg>
<math><mi xlink:href="javascript:alert('m')">m</mi></math>
<script>alert('body script')</script><noscript><img src="http://evil.example/j.png"></noscript>
<template><img src="http://evil.example/k.png"></template>
<form action="http://evil.example/"><input type="hidden" name="t" value="s"><button formaction="http://evil.example/">go</button></form>
<div data-rx-tag="imgCom" id="own1" data-rx-src="http://evil.example/l.png" data-rx-style='{"backgroundImage":"url(http://evil.example/m.png)","color":"blue","behavior":"x"}'></div>
<p data-rx-tag="textContent" id="own2" data-rx-jfield="x);alert(1" data-rx-style='{"width":"expression(alert(1))"}'>safe text</p>
<p data-rx-tag="script" id="own3">bad tag</p>
<select data-rx-tag="module" id="own4" data-rx-data='{"options":["<img src=x onerror=alert(1)>"]}'></select>
</body></html>`;
  const imported = importMrrt(HOSTILE);
  const stored = JSON.stringify(imported.elements);

  it('keeps no script, handler, remote address, resource-loading style or fixed box', () => {
    // The one option below is plain text that looks like HTML; everything else must be gone.
    const rest = stored.replace('<img src=x onerror=alert(1)>', '');
    for (const bad of [
      'evil.example',
      'alert',
      'javascript',
      'url(',
      'expression',
      'onerror',
      'onclick',
      'fixed',
      'behavior',
    ]) {
      expect(rest, bad).not.toContain(bad);
    }
    expect(stored).not.toContain('head');
    expect(stored).not.toContain('body script');
    expect(imported.removed).toBeGreaterThan(10);
  });

  it('keeps the plain text and safe styles, as text', () => {
    expect(imported.elements[0]).toMatchObject({ tag: 'textContent', text: 'Click here', style: { color: 'red' } });
    expect(imported.elements.find((e) => e.uuid === 'own1')).toEqual({
      tag: 'imgCom',
      uuid: 'own1',
      style: { color: 'blue' },
    });
    expect(imported.elements.find((e) => e.uuid === 'own2')).toEqual({
      tag: 'textContent',
      uuid: 'own2',
      text: 'safe text',
    });
    expect(imported.elements.find((e) => e.uuid === 'own3')).toBeUndefined();
    // An option is text: React prints it, nothing parses it as HTML.
    expect(imported.elements.find((e) => e.uuid === 'own4')?.data).toEqual({
      options: ['<img src=x onerror=alert(1)>'],
    });
  });

  it('exports nothing of it either', () => {
    const html = exportMrrt(source(imported.elements), 'en-US');
    expect(html).not.toContain('evil.example');
    const escapedOption = /&lt;img src=x onerror=alert\(1\)&gt;/g; // the option's text, escaped
    expect(html.replace(escapedOption, '')).not.toMatch(/<img|<iframe|<object|<embed|<svg|<link|<style|\son[a-z]+=/i);
    expect(html.match(/<script/g)).toHaveLength(1); // MRRT's own text/xml template attributes
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it(`refuses more than ${MRRT_MAX_ELEMENTS} elements and cuts nesting deeper than it reads`, () => {
    expect(() => importMrrt(`<body>${'<p>x</p>'.repeat(MRRT_MAX_ELEMENTS + 1)}</body>`)).toThrow(MrrtTooLarge);
    const deep = importMrrt(`<body>${'<section>'.repeat(5000)}<p>deep</p><p>and more</p></body>`);
    expect(JSON.stringify(deep.elements)).not.toContain('deep');
    expect(deep.removed).toBeGreaterThan(0);
  });
});

describe('what the import makes is a layout that may be saved', () => {
  it('has no problem by the layout rules', async () => {
    const { layoutProblems } = await import('@shared/report/layout-rules');
    expect(layoutProblems(importMrrt(RADREPORT).elements)).toEqual([]);
    expect(layoutProblems(EVERY_TAG)).toEqual([]);
    expect(layoutProblems(DEFAULT_TEMPLATE_ELEMENTS)).toEqual([]);
  });
});
