import { zodResolver } from '@hookform/resolvers/zod';
import { signInFormSchema } from './auth-schemas';

export const signInResolver = zodResolver(signInFormSchema);
