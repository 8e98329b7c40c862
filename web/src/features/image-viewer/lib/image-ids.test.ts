import { describe, expect, it } from 'vitest';
import type { ViewerStudy } from '@shared/schemas/image-viewer';
import { imageIdOf, imageIdsOf, imageRefOf, thumbnailUrl, withToken } from './image-ids';

const series = (frames: number[]): ViewerStudy['series'][number] => ({
  series_iuid: '1.2.3',
  series_number: 1,
  series_desc: '',
  modality: 'CT',
  instances: frames.map((frame_count, i) => ({
    sop_iuid: `1.2.3.${i + 1}`,
    instance_number: i + 1,
    frame_count,
    rows: 512,
    cols: 512,
  })),
});

describe('image ids and addresses', () => {
  it('one wadouri id per frame, in the server’s order, without a token (added as each request opens)', () => {
    const ids = imageIdsOf('1.2', series([1, 3]));
    expect(ids).toHaveLength(4);
    expect(ids[0]).toBe(
      'wadouri:/wado?requestType=WADO&studyUID=1.2&seriesUID=1.2.3&objectUID=1.2.3.1&contentType=application%2Fdicom',
    );
    // frame= is 1-based, as the loader reads it
    expect(ids.slice(1).map((id) => id.replace(/.*objectUID=/, ''))).toEqual([
      '1.2.3.2&contentType=application%2Fdicom&frame=1',
      '1.2.3.2&contentType=application%2Fdicom&frame=2',
      '1.2.3.2&contentType=application%2Fdicom&frame=3',
    ]);
    expect(ids.join()).not.toContain('token');
  });

  it('an image id names its image back (saved marks find their image again), frames included', () => {
    for (const id of imageIdsOf('1.2', series([1, 3]))) expect(imageIdOf('1.2', imageRefOf(id)!)).toBe(id);
    expect(imageRefOf(imageIdsOf('1.2', series([2]))[1]!)).toEqual({
      series_iuid: '1.2.3',
      sop_iuid: '1.2.3.1',
      frame: 2,
    });
    expect(imageRefOf('wadors:/x?seriesUID=1&objectUID=2')).toBeNull();
    expect(imageRefOf('wadouri:/wado?requestType=WADO&studyUID=1.2')).toBeNull();
  });

  it('adds or replaces the token', () => {
    expect(withToken('/wado?requestType=WADO&studyUID=1.2', 'abc')).toBe(
      '/wado?requestType=WADO&studyUID=1.2&token=abc',
    );
    expect(withToken('/wado?studyUID=1.2&token=old', 'new')).toBe('/wado?studyUID=1.2&token=new');
  });

  it('a series’ thumbnail is its middle image as a 128x128 JPEG', () => {
    const url = thumbnailUrl('1.2', series([1, 1, 1, 1, 1]), 'tok')!;
    const q = new URLSearchParams(url.split('?')[1]);
    expect(q.get('objectUID')).toBe('1.2.3.3');
    expect(q.get('contentType')).toBe('image/jpeg');
    expect([q.get('rows'), q.get('columns'), q.get('token')]).toEqual(['128', '128', 'tok']);
    expect(thumbnailUrl('1.2', series([]), 'tok')).toBeNull();
  });
});
