// The branch the apply workflow applies on merge to: the repository's, not `main` whatever it is.
// A repository whose branch is `master` (git's default before init.defaultBranch) got
// `branches: [main]`, and its merges were never applied, with nothing said. `chooseBranch` is
// pure (what git says in, the branch and why out); `branchFacts` asks git (effects).
import { io } from '../core/io.js';

/** what git says of the repository in a folder */
export interface BranchFacts {
  /** the folder is in a git repository */
  inRepository: boolean;
  /** the remote's default branch (refs/remotes/origin/HEAD, which a clone sets), without the remote's name */
  remoteHead?: string;
  /** the remote it is of (origin, else the first) */
  remote?: string;
  /** the branch HEAD names (also before the first commit); none when HEAD is detached */
  current?: string;
  /** HEAD has no commit yet */
  unborn: boolean;
  /** the local branches */
  branches: string[];
  /** git's init.defaultBranch setting */
  defaultBranch?: string;
}

export interface ChosenBranch {
  branch: string;
  /** how it was chosen, said by init */
  why: string;
  /** false: a guess the user should check (the fallback `main`, or the current branch of several) */
  sure: boolean;
}

export const FALLBACK_BRANCH = 'main';

export function chooseBranch(f: BranchFacts): ChosenBranch {
  if (f.remoteHead) return { branch: f.remoteHead, why: `${f.remote ?? 'origin'}/HEAD, the remote's default branch`, sure: true };
  if (!f.inRepository) {
    return f.defaultBranch
      ? { branch: f.defaultBranch, why: 'git\'s init.defaultBranch: no repository here yet', sure: false }
      : { branch: FALLBACK_BRANCH, why: 'no git repository here to tell', sure: false };
  }
  if (f.current && (f.unborn || f.branches.length <= 1)) return { branch: f.current, why: 'the repository\'s branch', sure: true };
  if (f.defaultBranch && f.branches.includes(f.defaultBranch)) return { branch: f.defaultBranch, why: 'git\'s init.defaultBranch', sure: true };
  const usual = ['main', 'master'].filter((b) => f.branches.includes(b));
  if (usual.length === 1) return { branch: usual[0]!, why: `the repository's ${usual[0]} branch`, sure: true };
  if (f.current) return { branch: f.current, why: 'the current branch: no origin/HEAD to tell the default one', sure: false };
  return { branch: FALLBACK_BRANCH, why: 'git could not tell the repository\'s branch (no origin/HEAD, HEAD detached)', sure: false };
}

/** Effects (git): the facts `chooseBranch` decides on, for the repository holding `cwd`; none of them when git is missing */
export async function branchFacts(cwd: string): Promise<BranchFacts> {
  const { execa } = await import('execa');
  const git = async (args: string[]): Promise<string | undefined> => {
    const r = await execa('git', args, { cwd, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true }).catch(() => undefined);
    return r && r.exitCode === 0 ? String(r.stdout) : undefined;
  };
  const defaultBranch = (await git(['config', '--get', 'init.defaultBranch'])) || undefined;
  if ((await git(['rev-parse', '--git-dir'])) === undefined) return { inRepository: false, unborn: true, branches: [], ...(defaultBranch ? { defaultBranch } : {}) };
  const remotes = ((await git(['remote'])) ?? '').split('\n').filter(Boolean);
  const remote = remotes.includes('origin') ? 'origin' : remotes[0];
  const head = remote ? await git(['symbolic-ref', '--quiet', '--short', `refs/remotes/${remote}/HEAD`]) : undefined;
  const remoteHead = head?.startsWith(`${remote}/`) ? head.slice(remote!.length + 1) : undefined;
  const current = (await git(['symbolic-ref', '--quiet', '--short', 'HEAD'])) || undefined;
  const unborn = (await git(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'])) === undefined;
  const branches = ((await git(['for-each-ref', '--format=%(refname:short)', 'refs/heads'])) ?? '').split('\n').filter(Boolean);
  return { inRepository: true, unborn, branches, ...(remoteHead ? { remoteHead, remote: remote! } : {}), ...(current ? { current } : {}), ...(defaultBranch ? { defaultBranch } : {}) };
}
