import { useQuery } from '@tanstack/react-query';
import { fetchProfile } from '../lib/api.ts';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { AppHeader } from '../components/app-header.tsx';
import { MeaningLanguagePicker } from '../components/meaning-language-picker.tsx';
import { ProfileName } from '../components/profile-name.tsx';
import { SchedulingSettings } from '../practice/scheduling-settings.tsx';
import { DaySettings } from '../components/day-settings.tsx';
import { NotificationSetting } from '../components/notification-setting.tsx';

/**
 * The learner's settings, one tap from every page's header (issue 29: the name field used to sit
 * at the foot of a 4,600 px phone dashboard): the name, the meaning language, the daily goal,
 * the daily reminder and this device's notifications.
 */
export function SettingsPage() {
  const { user } = useAuth();
  const t = useT();
  const userId = user?.id ?? '';
  const profile = useQuery({
    queryKey: ['profile', userId],
    queryFn: () => fetchProfile(userId),
    enabled: userId !== '',
  });
  return (
    <>
      <AppHeader />
      <main id="main" className="page narrow stack">
        <h1>{t('settings.title')}</h1>
        <ProfileName userId={userId} current={profile.data?.name ?? ''} />
        <MeaningLanguagePicker userId={userId} />
        <SchedulingSettings userId={userId} />
        <DaySettings userId={userId} timeZone={profile.data?.timeZone ?? 'UTC'} />
        <NotificationSetting />
      </main>
    </>
  );
}
