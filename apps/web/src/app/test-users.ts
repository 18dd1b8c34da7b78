import type { Me } from '@meterline/contract/users';

/** A `me/` answer for tests. */
export function userWithRole(role: string): Me {
  return {
    id: 1,
    tenant:
      role === 'superadmin'
        ? null
        : {
            id: 1,
            name: 'Demo',
            company_name: 'Demo Power',
            logo: null,
            currency: 'USD',
            currency_decimals: 2,
            timezone: 'UTC',
            second_currency: null,
            cash_rounding: {},
            default_digits: 'arab',
            customer_language: 'en',
          },
    username: role,
    email: '',
    first_name: 'Sara',
    last_name: 'Haddad',
    phone: '',
    role,
    avatar: null,
    is_active: true,
    otp_enabled: false,
    digits: null,
    last_login: null,
    date_joined: '2026-01-01T00:00:00Z',
  };
}
