import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminCustomerRow } from '@shared/api/admin';
import type { AdminAuditEntry } from '@shared/api/admin-audit';
import type { AdminMessageRow } from '@shared/api/admin-messages';
import en from '@/i18n/locales/en.json';
import { adminTexts } from '../admin-texts';
import { isolatedIn } from '../components/isolated-in';
import { AuditRow } from './audit-page';
import { CustomerRow } from './customers-page';
import { MessageRow } from './messages-page';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: { ...en, ...adminTexts().en } } }, interpolation: { escapeValue: false } });
});

/** A name written to reorder what is around it: Arabic letters, then a left-to-right run that would join the next cell's text. */
const NAME = 'أمينة Yusuf';
const REASON = 'طلب العميل ذلك 12';
const CREATED_AT = '2026-11-24T10:00:00.000Z';

function shown(row: ReactNode): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <table>
          <tbody>{row}</tbody>
        </table>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('the console’s lists show the text people wrote isolated', () => {
  it('shows a customer’s name and username each inside a <bdi>', () => {
    const customer: AdminCustomerRow = {
      id: 'u1',
      email: 'amina@example.com',
      name: NAME,
      username: 'amina',
      emailVerified: true,
      isAdmin: false,
      twoFactorEnabled: false,
      blocked: false,
      createdAt: CREATED_AT,
    };
    const html = shown(<CustomerRow customer={customer} />);
    expect(html).toContain(`<bdi>${NAME}</bdi>`);
    expect(html).toContain('<bdi dir="ltr">@amina</bdi>');
  });

  it('shows a message’s sender inside a <bdi>', () => {
    const message: AdminMessageRow = {
      id: 'm1',
      name: NAME,
      email: 'amina@example.com',
      topic: 'topup',
      language: 'ar',
      createdAt: CREATED_AT,
      readAt: null,
      handledAt: null,
      preview: 'My top-up has not arrived.',
      customerId: null,
    };
    expect(shown(<MessageRow message={message} />)).toContain(`<bdi>${NAME}</bdi>`);
  });

  it('shows the audit log’s actor and reason each inside a <bdi>', () => {
    const entry: AdminAuditEntry = {
      id: 1,
      actorId: 'a1',
      actorEmail: 'boss@example.com',
      action: 'order.refund',
      targetType: 'order',
      targetId: '7c1e0d6e-3a4b-4f51-9d0e-2a9a3f1b2c3d',
      reason: REASON,
      before: null,
      after: null,
      createdAt: CREATED_AT,
    };
    const html = shown(<AuditRow entry={entry} />);
    expect(html).toContain('<bdi>boss@example.com</bdi>');
    expect(html).toContain(`<bdi>${REASON}</bdi>`);
  });

  it('isolates a name put into a sentence of the console’s own inside a <bdi>, adding no character to the sentence', () => {
    const html = renderToStaticMarkup(<p>{isolatedIn((slot) => i18n.t('admin.order.eventBy', { email: slot }), NAME)}</p>);
    expect(html).toBe(`<p>by <bdi>${NAME}</bdi></p>`);
  });
});
