import { useNavigate } from 'react-router';
import { useSession } from '../../lib/auth/session';
import { REDIRECT_AFTER_LOGIN_KEY, withOpenModal, writeStorage } from '../../lib/auth/storage';
import { href, paths } from '../../paths';

/**
 * The Send Message action of a creator card (spec §2): signed in, the creator's profile opens with its
 * message dialog (?openModal=true); a guest's wanted path is stored under redirectAfterLogin, which
 * sign-in turns into the same profile with the dialog open (spec §2 Post-login redirect).
 */
export function useMessageCreator() {
  const navigate = useNavigate();
  const { user } = useSession();
  return (username: string) => {
    const profilePath = href.creatorProfile(username);
    if (user) {
      navigate(withOpenModal(profilePath));
      return;
    }
    writeStorage(REDIRECT_AFTER_LOGIN_KEY, profilePath);
    navigate(paths.login);
  };
}
