import { z } from 'zod';

const email = z
  .string({ error: 'email is required' })
  .trim()
  .min(1, 'email is required')
  .max(254, 'email is too long')
  .pipe(z.email('email must be a valid email address'));

export const loginBodySchema = z.object({
  email,
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(200),
});

/** A password being set (sign-up, reset, change): 8 to 200 characters; the policy checks the rest. */
function newPassword(field: string) {
  return z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .min(8, `${field} must be at least 8 characters`)
    .max(200, `${field} must be at most 200 characters`);
}

export const registerBodySchema = z.object({
  email,
  password: newPassword('password'),
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(100, 'name is too long'),
});

export const forgotPasswordBodySchema = z.object({ email });

export const resetPasswordBodySchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200),
  password: newPassword('password'),
});

export const changePasswordBodySchema = z.object({
  current_password: z
    .string({ error: 'current_password is required' })
    .min(1, 'current_password is required')
    .max(200),
  new_password: newPassword('new_password'),
});

export const messageResponseSchema = z.object({ message: z.string() });

export const localGoogleBodySchema = z.object({
  state: z.string({ error: 'state is required' }).min(1, 'state is required'),
  email,
  name: z.string().trim().max(100).default(''),
});

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  picture: z.string().nullable(),
  is_admin: z.boolean(),
});

export const sessionResponseSchema = z.object({ session_token: z.string(), user: userSchema });
