import { REVIEW_LIST_MAX_LIMIT, REVIEW_MESSAGES } from '@carcare/contracts/reviews-constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp, type TestUser } from '../../../test/helper';
import { reviews } from '../../db/schema';

let t: TestApp;
let author: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await signedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const create = (payload: object, caller: TestUser | null = author) => {
  const options = { method: 'POST' as const, url: '/api/review/create', payload };
  return t.app.inject(caller ? asUser(caller, options) : options);
};
const list = (query = '') => t.app.inject({ method: 'GET', url: `/api/review/get${query}` });

describe('reviews', () => {
  it('starts empty with zero stats', async () => {
    expect((await list()).json()).toMatchObject({
      data: [],
      totalDoc: 0,
      stats: { average: 0, count: 0, perRating: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
    });
  });

  it("stores a signed-in user's review with the author's name", async () => {
    const response = await create({ rating: 4, comment: '  Great wash, very friendly team!  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      message: REVIEW_MESSAGES.created,
      data: { rating: 4, comment: 'Great wash, very friendly team!', user: { firstName: 'Test' } },
    });
    const [stored] = await t.database.db.select().from(reviews).where(eq(reviews.id, response.json().data._id));
    expect(stored).toMatchObject({ userId: author.id, rating: 4 });
  });

  it.each([
    [{ rating: 5, comment: 'Too short' }, REVIEW_MESSAGES.commentTooShort],
    [{ rating: 5, comment: '              x' }, REVIEW_MESSAGES.commentTooShort],
    [{ rating: 0, comment: 'A perfectly long comment' }, REVIEW_MESSAGES.ratingInvalid],
    [{ rating: 6, comment: 'A perfectly long comment' }, REVIEW_MESSAGES.ratingInvalid],
    [{ rating: 3.5, comment: 'A perfectly long comment' }, REVIEW_MESSAGES.ratingInvalid],
    [{ comment: 'A perfectly long comment' }, REVIEW_MESSAGES.ratingInvalid],
  ])('refuses %j with 400', async (payload, message) => {
    const before = (await list()).json().totalDoc;
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await list()).json().totalDoc).toBe(before);
  });

  it('refuses a visitor with 401', async () => {
    expect((await create({ rating: 5, comment: 'Anonymous praise here' }, null)).statusCode).toBe(401);
  });

  it('lists newest first, two by default, with the average and count per star from the database', async () => {
    for (const [rating, comment] of [
      [5, 'Fifth review comes here'],
      [5, 'Sixth review comes here'],
      [1, 'Seventh review comes here'],
    ] as const) {
      expect((await create({ rating, comment })).statusCode).toBe(201);
    }
    const body = (await list()).json();
    expect(body.data.map((review: { comment: string }) => review.comment)).toEqual([
      'Seventh review comes here',
      'Sixth review comes here',
    ]);
    expect(body.totalDoc).toBe(4);
    expect(body.stats).toEqual({ average: 3.75, count: 4, perRating: { 1: 1, 2: 0, 3: 0, 4: 1, 5: 2 } });
    const second = (await list('?limit=3&page=2')).json();
    expect(second.data.map((review: { rating: number }) => review.rating)).toEqual([4]);
  });

  it('never refuses its paging: a larger limit is the largest page, an unreadable limit or page the default', async () => {
    const all = (await list('?limit=100')).json();
    expect(all.data.length).toBe(all.totalDoc);
    // The older client's home page sends `limit=99999page=1`: its leading digits are the limit.
    for (const query of ['?limit=101', '?limit=99999', '?limit=99999&page=1', '?limit=99999page=1']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(200);
      expect(response.json(), query).toEqual(all);
    }
    const firstTwo = (await list()).json();
    expect(firstTwo.data).toHaveLength(2);
    for (const query of ['?limit=0', '?limit=-3', '?limit=two', '?page=abc', '?page=0', '?limit=&page=']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(200);
      expect(response.json(), query).toEqual(firstTwo);
    }
    // The testimonials page of the older client forgets the '&': `limit=1page=2` is page 2 of one a page,
    // and a page sent on its own as well wins.
    const secondPage = (await list('?limit=1&page=2')).json();
    expect(secondPage.data).toHaveLength(1);
    expect((await list('?limit=1page=2')).json()).toEqual(secondPage);
    expect((await list('?limit=1page=1&page=2')).json()).toEqual(secondPage);
    expect((await list('?limit=1page=2')).json()).not.toEqual((await list('?limit=1')).json());
    expect((await list('?limit=1page=x')).json()).toEqual((await list('?limit=1')).json());
    expect((await list('?limit=1&page=2.5')).json()).not.toEqual(secondPage);
    expect((await list('?limit=1&page=2.5')).json()).toEqual((await list('?limit=1')).json());
  });

  it('answers a limit past a page of 100 with every review, up to its largest answer', async () => {
    // The older client's home page computes its average and histogram from every review it is sent.
    const ratings = Array.from({ length: REVIEW_LIST_MAX_LIMIT + 1 }, (_, index) => (index % 5) + 1);
    await t.app.db
      .insert(reviews)
      .values(ratings.map((rating) => ({ userId: author.id, rating, comment: `A rating of ${rating} stars` })));
    const total = (await list()).json().totalDoc;
    expect(total).toBeGreaterThan(REVIEW_LIST_MAX_LIMIT);
    expect((await list('?limit=150')).json().data).toHaveLength(150);
    for (const query of ['?limit=99999page=1', `?limit=${REVIEW_LIST_MAX_LIMIT}`, '?limit=1e309']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(200);
      expect(response.json().data, query).toHaveLength(REVIEW_LIST_MAX_LIMIT);
    }
  });
});
