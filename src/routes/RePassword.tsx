import { createFileRoute } from '@tanstack/react-router';
import { RePasswordScreen } from '../features/auth/RePasswordScreen';

export const Route = createFileRoute('/RePassword')({
  component: RePasswordScreen,
});
