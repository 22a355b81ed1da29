import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from './auth';
import { AUTH_MESSAGES } from './auth-constants';

const firstMessages = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((result.error?.issues ?? []).reverse().map((issue) => [issue.path.join('.'), issue.message]));

const validRegistration = {
  firstName: 'Nadia',
  lastName: 'Rahman',
  email: 'Nadia@Example.com',
  address: '22 Gulshan Avenue',
  password: 'secret',
  confirmPassword: 'secret',
  phone: '+8801712345678',
};

describe('loginSchema', () => {
  it('lower-cases and trims the email', () => {
    expect(loginSchema.parse({ email: ' Ann@Example.COM ', password: 'x' })).toEqual({
      email: 'ann@example.com',
      password: 'x',
    });
  });

  it('says which field is missing or malformed, one message per field', () => {
    expect(firstMessages(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: AUTH_MESSAGES.emailRequired,
      password: AUTH_MESSAGES.passwordRequired,
    });
    expect(firstMessages(loginSchema.safeParse({ email: 'ann@', password: 'x' }))).toEqual({
      email: AUTH_MESSAGES.emailInvalid,
    });
  });
});

describe('registerSchema', () => {
  it('accepts a complete registration', () => {
    const parsed = registerSchema.parse(validRegistration);
    expect(parsed.email).toBe('nadia@example.com');
  });

  it('gives every required message of an empty form', () => {
    const result = registerSchema.safeParse({
      firstName: '',
      lastName: '',
      email: '',
      address: '',
      password: '',
      confirmPassword: '',
      phone: '',
    });
    expect(firstMessages(result)).toEqual({
      firstName: AUTH_MESSAGES.firstNameRequired,
      lastName: AUTH_MESSAGES.lastNameRequired,
      email: AUTH_MESSAGES.emailRequired,
      address: AUTH_MESSAGES.addressRequired,
      password: AUTH_MESSAGES.passwordRequired,
      confirmPassword: AUTH_MESSAGES.confirmPasswordRequired,
      phone: AUTH_MESSAGES.phoneRequired,
    });
  });

  it('requires the confirmation to match the password', () => {
    expect(firstMessages(registerSchema.safeParse({ ...validRegistration, confirmPassword: 'other' }))).toEqual({
      confirmPassword: AUTH_MESSAGES.passwordsMustMatch,
    });
  });

  it.each(['+880171', '12345', 'not a phone', '+1 555 0000'])('refuses the phone number %s', (phone) => {
    expect(firstMessages(registerSchema.safeParse({ ...validRegistration, phone }))).toEqual({
      phone: AUTH_MESSAGES.phoneInvalid,
    });
  });

  it('accepts valid numbers of other countries in international format', () => {
    expect(registerSchema.safeParse({ ...validRegistration, phone: '+442079460958' }).success).toBe(true);
  });
});

describe('the password confirmation', () => {
  const registerForm = registerSchema;

  it('reports a mismatched confirmation together with the messages of blank fields', () => {
    const result = registerForm.safeParse({
      ...validRegistration,
      firstName: '',
      address: ' ',
      confirmPassword: 'other',
    });
    expect(firstMessages(result)).toEqual({
      firstName: AUTH_MESSAGES.firstNameRequired,
      address: AUTH_MESSAGES.addressRequired,
      confirmPassword: AUTH_MESSAGES.passwordsMustMatch,
    });
  });

  it('leaves a blank confirmation or a blank password to their required messages', () => {
    expect(firstMessages(registerForm.safeParse({ ...validRegistration, confirmPassword: '' }))).toEqual({
      confirmPassword: AUTH_MESSAGES.confirmPasswordRequired,
    });
    expect(firstMessages(registerForm.safeParse({ ...validRegistration, password: '' }))).toEqual({
      password: AUTH_MESSAGES.passwordRequired,
    });
  });

  it("adds nothing to the fields' own output when everything is valid, nor keeps unknown keys", () => {
    expect(registerForm.parse({ ...validRegistration, firstName: ' Nadia ', role: 'admin' })).toEqual({
      ...validRegistration,
      email: 'nadia@example.com',
    });
  });
});

describe('registerSchema as the API reads it', () => {
  it('names a mismatched confirmation beside a blank required field, as the form does', () => {
    expect(
      firstMessages(registerSchema.safeParse({ ...validRegistration, firstName: '', confirmPassword: 'other' })),
    ).toEqual({ firstName: AUTH_MESSAGES.firstNameRequired, confirmPassword: AUTH_MESSAGES.passwordsMustMatch });
  });
});
