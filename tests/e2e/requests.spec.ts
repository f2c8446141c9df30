// The public request page against the real server: an empty submit shows each field's error
// and keeps what was typed; a filled honeypot files nothing; a valid request files a request
// and a prospect that staff see, and a confirmation mail; the per-address limit answers with a
// clear message. The limit counts every request of this address in the run, so the tests run
// in order and the limit is reached last.
import { expect, expectAccessible, test } from './fixtures';
import { api, orgIdOf, runtimeConfig, signUpStaff, type StoredSession } from './support';

test.describe.configure({ mode: 'serial' });

let owner: StoredSession;
let slug: string;
const SHOTS = 'test-results/screens/requests';

test.beforeAll(async ({ request, baseURL }) => {
  owner = (await signUpStaff(request, baseURL!, 'Gale', 'Green')).session;
  const orgId = await orgIdOf(request, baseURL!, owner);
  slug = `greenway-${Date.now().toString(36)}`;
  await api(request, baseURL!, owner, 'PATCH', `/rest/v1/organizations?id=eq.${orgId}`, { name: 'Greenway Landscaping', request_slug: slug, brand_color: '#15803d', phone: '(555) 010-0300' });
});

test('an empty submit shows the errors at their fields and keeps what was typed; a valid one files a request and a prospect staff see', async ({ page, baseURL }) => {
  const base = baseURL!;
  await page.goto(`${base}/requests?org=${slug}`);
  await expect(page.getByTestId('request-organization')).toHaveText('Greenway Landscaping');
  await expectAccessible(page, 'request form');
  await page.screenshot({ path: `${SHOTS}/1-form-1024x768.png`, fullPage: true });

  await page.getByLabel('Company (optional)').fill('Gardner Homes');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await expect(page.getByText('Enter your e-mail address')).toBeVisible();
  await expect(page.getByText('Tell us what you need')).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Company (optional)')).toHaveValue('Gardner Homes');
  await expectAccessible(page, 'request form with errors');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/2-errors-390x844.png`, fullPage: true });
  await page.setViewportSize({ width: 768, height: 1024 });

  const email = `robin-${Date.now()}@example.com`;
  await page.getByLabel('Your name').fill('Robin Gardner');
  await page.getByLabel('E-mail').fill('robin at example');
  await page.getByLabel('What do you need?').fill('A patio of about 400 sq ft and two planting beds.');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Enter a valid e-mail address, like name@example.com')).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone (optional)').fill('(555) 010-0199');
  await page.getByLabel('Budget (optional)').selectOption('15k_50k');
  await page.getByRole('button', { name: 'Send request' }).click();

  await expect(page.getByTestId('request-success')).toBeVisible();
  const reference = (await page.getByTestId('request-reference').textContent())!;
  expect(reference).toMatch(/^REQ-[A-Z0-9]{8}$/);
  await expect(page.getByRole('heading', { name: 'Thank you, Robin Gardner! Your request is on its way.' })).toBeFocused();
  await expectAccessible(page, 'request sent');
  await page.screenshot({ path: `${SHOTS}/3-sent-768x1024.png`, fullPage: true });

  const requests = (await api(page.request, base, owner, 'GET', `/rest/v1/estimate_requests?email=eq.${encodeURIComponent(email)}&select=reference,name,company,budget_range,source,status,prospect_id`)) as Record<string, unknown>[];
  expect(requests).toEqual([{ reference, name: 'Robin Gardner', company: 'Gardner Homes', budget_range: '15k_50k', source: 'request_form', status: 'new', prospect_id: expect.any(String) }]);
  const prospects = (await api(page.request, base, owner, 'GET', `/rest/v1/prospects?id=eq.${String(requests[0]!.prospect_id)}&select=first_name,last_name,email,source`)) as unknown[];
  expect(prospects).toEqual([{ first_name: 'Robin', last_name: 'Gardner', email, source: 'request_form' }]);
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get(`${base}/_mail/api?to=${encodeURIComponent(email)}`)).json()) as { messages: { subject: string }[] };
      return messages.map((m) => m.subject);
    })
    .toEqual([`We received your estimate request (${reference})`]);
});

test('a filled honeypot files nothing, and an unknown organization says so', async ({ page, baseURL }) => {
  const base = baseURL!;
  await page.goto(`${base}/requests?org=${slug}`);
  const email = `bot-${Date.now()}@example.com`;
  await page.getByLabel('Your name').fill('Spam Bot');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('What do you need?').fill('Cheap backlinks');
  // What a bot does: fill every input it finds.
  await page.locator('input[name="website"]').fill('http://spam.example', { force: true });
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('request-success')).toBeVisible();
  expect(await api(page.request, base, owner, 'GET', `/rest/v1/estimate_requests?email=eq.${encodeURIComponent(email)}&select=id`)).toEqual([]);
  expect(await api(page.request, base, owner, 'GET', `/rest/v1/prospects?email=eq.${encodeURIComponent(email)}&select=id`)).toEqual([]);

  await page.goto(`${base}/requests?org=no-such-business`);
  await expect(page.getByRole('heading', { name: 'We could not find this business' })).toBeVisible();
  await expectAccessible(page, 'request page for an unknown organization');
});

test('when the address has sent too many requests, the form says so clearly and keeps the input', async ({ page, baseURL }) => {
  const base = baseURL!;
  const { supabaseAnonKey } = await runtimeConfig(page.request, base);
  // Use up the hour's requests of this address (10), through the API.
  for (let i = 0; i < 12; i++) {
    const response = await page.request.post(`${base}/rest/v1/rpc/submit_estimate_request`, {
      headers: { apikey: supabaseAnonKey, 'content-type': 'application/json' },
      data: {
        p_key: crypto.randomUUID(), p_org: slug, p_name: 'Filler', p_email: `filler-${i}-${Date.now()}@example.com`, p_phone: '', p_company: '',
        p_description: 'Filling the hour', p_desired_start: null, p_budget_range: '', p_website: '',
      },
    });
    if (response.status() === 429) {
      expect(response.headers()['retry-after']).toMatch(/^\d+$/);
      break;
    }
    expect(response.ok(), await response.text()).toBe(true);
  }

  await page.goto(`${base}/requests?org=${slug}`);
  await page.getByLabel('Your name').fill('Late Larry');
  await page.getByLabel('E-mail').fill(`larry-${Date.now()}@example.com`);
  await page.getByLabel('What do you need?').fill('A fence');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('request-problem')).toHaveText('Too many requests from this connection. Please try again in an hour, or call us.');
  await expect(page.getByLabel('What do you need?')).toHaveValue('A fence');
  await expectAccessible(page, 'request form over the limit');
  await page.screenshot({ path: `${SHOTS}/4-limited.png`, fullPage: true });
});
