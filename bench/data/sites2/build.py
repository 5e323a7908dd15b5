#!/usr/bin/env python3
"""Compact source of conversations.json (python3 build.py rewrites it).

Documents are HTML documentation sites installed on the machine (the Cargo book shipped with the Rust toolchain,
the Valgrind manual and the Node.js API docs from Debian packages), referenced by ABSOLUTE path, never copied.
Pages are whole HTML files as a crawler would save them (navigation, headers and footers left in).
Each turn is (caller, answers) or (caller, None, probes):
- answers: spans copied verbatim from the VISIBLE text of one of the business's pages (script, style, head and
  comments dropped, tags removed, entities decoded); a span must be found both when tags are removed and when they
  are replaced by a space, so it does not straddle markup in a way an extractor could split;
- None: unanswerable; probes are regexes (case-insensitive) that were grepped over the visible text of ALL pages
  of the business while writing the turn; the build fails if any of them now matches.
A caller text starting with '!' is a later turn that is NOT a follow-up (the '!' is dropped).
Every later turn is a follow-up unless marked; the first turn never is.
"""
import html, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
CARGO = '/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html/cargo'
VALGRIND = '/usr/share/doc/valgrind/html'
NODE = '/usr/share/doc/nodejs/api'

CARGO_PAGES = (['faq', 'getting-started/index', 'getting-started/installation', 'getting-started/first-steps']
               + ['guide/' + p for p in ('build-cache cargo-home cargo-toml-vs-cargo-lock continuous-integration '
                                         'creating-a-new-project dependencies index project-layout tests '
                                         'why-cargo-exists working-on-an-existing-project build-performance').split()]
               + ['reference/' + p for p in ('manifest specifying-dependencies workspaces features profiles config '
                                             'environment-variables build-scripts cargo-targets publishing rust-version '
                                             'overriding-dependencies resolver build-cache lints source-replacement '
                                             'registries timings').split()]
               + ['commands/cargo-' + p for p in ('build run test check new init add remove update install uninstall '
                                                  'publish clean doc tree fix vendor yank bench search').split()]
               + ['appendix/glossary'])
VALGRIND_PAGES = ('index FAQ faq QuickStart quick-start manual manual-intro manual-core manual-core-adv mc-manual '
                  'cg-manual cl-manual hg-manual drd-manual ms-manual dh-manual lk-manual nl-manual bbv-manual '
                  'dist.readme dist.readme-missing dist.readme-packagers dist.readme-android').split()
NODE_PAGES = ('synopsis documentation cli process path os events timers console child_process worker_threads '
              'cluster readline repl modules esm packages test debugger corepack single-executable-applications '
              'permissions globals report dns zlib').split()

BUSINESSES = [
    ('cargo-help', 'Cargo Help Desk', [f'{CARGO}/{p}.html' for p in CARGO_PAGES]),
    ('valgrind-help', 'Valgrind Support', [f'{VALGRIND}/{p}.html' for p in VALGRIND_PAGES]),
    ('node-help', 'Node.js Help Line', [f'{NODE}/{p}.html' for p in NODE_PAGES]),
]


def visible(page, sep):
    page = re.sub(r'(?is)<(script|style|noscript|template)\b.*?</\1\s*>', ' ', page)
    page = re.sub(r'(?s)<!--.*?-->', ' ', page)
    page = re.sub(r'(?is)<head\b.*?</head\s*>', ' ', page)
    return html.unescape(re.sub(r'(?s)<[^>]*>', sep, page))


U = None  # unanswerable marker
CONVERSATIONS = []


def conv(business, *turns):
    CONVERSATIONS.append((business, turns))


# ---------------------------------------------------------------- cargo-help
C = 'cargo-help'
conv(C,
     ("hi um how do i build my project for release", ['cargo build --release', '--release']),
     ("ok and where does the program end up after that", ['target/release']),
     ("what optimization level does that use", ['opt-level = 3']),
     ("and how much faster is a release build usually like roughly", U, [r'release.{0,120}(\d+ ?(x|times) faster|\d+ ?% faster)', r'(\d+|ten|two) times faster']),
     ("does it keep the debug info in there", ['debug = false']),
     )
conv(C,
     ("should i commit the cargo lock file to git", ['check Cargo.lock into the version control']),
     ("does cargo new do that by itself", ['cargo new defaults to tracking Cargo.lock']),
     ("ok how do i bump the versions that are in it", ['cargo update']),
     ("can i update just one crate and leave the rest", ['Update only the specified packages', 'conservative update']),
     ("how often should we be running that like weekly", U, [r'cargo update.{0,60}(weekly|monthly|every (day|week|month)|once a)', r'(weekly|monthly) (update|basis)']),
     )
conv(C,
     ("how many jobs does cargo run at the same time when it builds", ['number of logical CPUs']),
     ("ok how do i change that", ['--jobs', 'build.jobs']),
     ("my debug builds are really slow anything you recommend", ['line-tables-only', 'Reduce amount of generated debug information']),
     ("is there a different code generator i can try", ['Cranelift']),
     ("does that one work on stable rust", ['Requires using nightly Rust']),
     ("how many seconds would that save on a typical project", U, [r'cranelift.{0,200}\d+ ?(seconds|%)', r'(save|saves|saving) \d+']),
     )
conv(C,
     ("um how many threads should i give the parallel front end thing", ['at most 8 threads']),
     ("and what about switching the linker which ones can i use", ['LLD', 'mold', 'wild']),
     ("which of those is the fastest", U, [r'(mold|lld|wild) is (the )?fast', r'fastest linker']),
     ("is it even worth switching", ['gains from switching may not be worth it']),
     )
conv(C,
     ("how do i publish my crate", ['cargo publish']),
     ("what do i need to do before the first time", ['API token', 'cargo login']),
     ("do i need a github account for that", ['log in via a GitHub account']),
     ("is there a size limit on what i upload", ['10MB size limit']),
     ("ok and how long until it shows up for other people", U, [r'(minutes|hours).{0,60}(appear|available|visible)', r'propagat(e|ion).{0,40}(index|crates\.io|minutes)']),
     ("can i test the whole thing without actually uploading", ['--dry-run']),
     )
conv(C,
     ("i published a broken version can i delete it", ['can never be overwritten', 'cannot be deleted']),
     ("so what can i do instead", ['cargo yank']),
     ("does yanking remove the code", ['A yank does not delete any code']),
     ("how do i undo a yank", ['--undo']),
     ("is there a limit on how many versions i can publish", ['no limit to the number of versions']),
     ("what about the crate name can i get it transferred from someone who isn't using it", U, [r'(reclaim|squat)', r'transfer.{0,30}(ownership|the name|crate name)', r'name.{0,40}(transfer|reclaim|squat)']),
     )
conv(C,
     ("what's a workspace in cargo", ['collection of one or more packages']),
     ("do the packages in it share one lock file", ['share a common Cargo.lock file']),
     ("and the build output", ['share a common output directory']),
     ("how do i choose which ones build when i just run cargo build at the top", ['default-members']),
     ("is there a maximum number of members", U, [r'(maximum|limit on|at most).{0,30}(number of )?(workspace )?members', r'members.{0,30}(limit|at most)']),
     )
conv(C,
     ("how do i make part of my library optional so people can switch it on", ['conditional compilation and optional dependencies']),
     ("is there a limit on how many i can have", ['maximum of 300 features']),
     ("ok how do i turn off the default ones", ['--no-default-features', 'default-features = false']),
     ("and switch everything on at once", ['--all-features']),
     ("how much longer will compiles take with all of them on", U, [r'all-features.{0,120}(slower|longer|\d+ ?%)']),
     )
conv(C,
     ("where does cargo keep all the crates it downloads", ['Cargo home', '$HOME/.cargo/']),
     ("can i move that somewhere else", ['CARGO_HOME']),
     ("what should i cache on ci", ['registry/index/', 'registry/cache/', 'git/db/']),
     ("why not just cache the whole folder", ['downloaded sources twice']),
     ("how much disk space does it usually take up", U, [r'cargo home.{0,120}\d+ ?(gb|mb|gib|mib)', r'\b\d+ ?(gb|gib)\b']),
     )
conv(C,
     ("hey how do i get cargo installed", ['rustup']),
     ("and on windows", ['rustup-init.exe']),
     ("does cargo actually work properly on windows", ['pass the local test suite on Windows']),
     ("what's the newest version number right now", U, [r'(newest|current) (stable )?(version|release) is', r'latest (stable )?(release|version) (is|of cargo) \d', r'released on']),
     ("!what hours is your help desk open", U, [r'help ?desk', r'office hours', r'opening hours']),
     )
conv(C,
     ("how do i run just one test", ['passing a filter', 'cargo test foo']),
     ("um my print statements don't show up when tests run", ['--no-capture']),
     ("does cargo test run my examples too", ['compile any examples']),
     ("what about the code in my doc comments", ['Documentation tests are also run by default', 'runs documentation tests']),
     ("how long can a test run before cargo stops it", U, [r'test.{0,60}time ?out', r'(kill|abort)s? (the |a )?(slow |long )?test']),
     )
conv(C,
     ("what's a build script", ['build.rs', 'just before building the package']),
     ("it reruns every single time how do i stop that", ['rerun-if-changed']),
     ("where should it write the files it generates", ['OUT_DIR']),
     ("does cargo empty that folder between builds", ['does not clean or reset OUT_DIR']),
     ("is there a time limit on how long a build script can run", U, [r'build script.{0,80}(timeout|time limit|seconds)', r'(timeout|time limit).{0,60}build script']),
     ("and how many cpus should it use", ['only use one CPU']),
     )
conv(C,
     ("how do i depend on a crate that's in a git repo", ['git key']),
     ("what if i don't say a branch which one does it use", ['latest commit on the default branch']),
     ("can i still publish my crate to crates io if it has that", ['does not allow packages to be published']),
     ("is there a way around that", ['both a registry version and a git', 'Multiple locations']),
     ("and can i depend on something that lives in subversion", U, [r'\bsvn\b', r'subversion']),
     )
conv(C,
     ("how do i say what minimum rust version my crate needs", ['rust-version']),
     ("and if i want to build anyway with an older compiler", ['--ignore-rust-version']),
     ("which minimum version do most crates pick", U, [r'most (crates|packages).{0,60}(1\.\d+|rust-version)', r'(typical|common|popular) (msrv|rust-version)']),
     ("ok does the resolver pay attention to it", ['incompatible-rust-versions']),
     )
conv(C,
     ("how do i see the whole dependency tree", ['cargo tree']),
     ("what does the little star next to some of them mean", ['already been shown']),
     ("how do i find out which crate is pulling in a particular one", ['--invert', 'cargo tree -i']),
     ("and just the ones that show up in more than one version", ['--duplicates']),
     ("can it save the tree as a picture like a png", U, [r'graphviz', r'\bdot\b (format|file)', r'(export|save|render).{0,40}(png|svg|image)']),
     )
conv(C,
     ("how do i move my project to a newer edition", ['cargo fix --edition']),
     ("what edition does a brand new project get", ['Default is 2024']),
     ("it refuses because i have uncommitted changes what do i do", ['--allow-dirty']),
     ("when's the next edition after that coming out", U, [r'\b20(27|28|30)\b', r'next edition (will|is (due|planned|coming|scheduled))']),
     )
conv(C,
     ("whats the default optimization level for normal dev builds", ['opt-level = 0']),
     ("and how many codegen units", ['codegen-units = 256']),
     ("what about for release", ['codegen-units = 16']),
     ("does the test profile have its own settings", ['inherits the settings from the dev profile']),
     ("can i make my own profile", ['Custom profiles', 'inherits']),
     )
conv(C,
     ("our build machine has no internet how do we build", ['--offline', 'cargo vendor', 'cargo fetch']),
     ("where does vendor put everything", ['local “vendor” folder']),
     ("and then what", ['redirect it to your Cargo configuration file']),
     ("does that include git dependencies too", ['vendor all crates.io and git dependencies']),
     ("how big is that folder going to be", U, [r'vendor.{0,100}\d+ ?(gb|mb|kb)', r'vendor.{0,60}(size|disk space)']),
     )
conv(C,
     ("how do i install a command line tool from crates io", ['cargo install']),
     ("where do the programs go", ["installation root’s bin folder", '$HOME/.cargo']),
     ("how do i update it later", ['Cargo will reinstall it']),
     ("does it use the lock file that comes with the package", ['Cargo.lock file that is included with the package', 'will be ignored']),
     ("and how do i get rid of it", ['cargo uninstall']),
     )
conv(C,
     ("can we use our own private registry instead of crates io", ['Using an Alternate Registry', 'registry other than crates.io']),
     ("where do i put its address", ['.cargo/config.toml', 'index URL']),
     ("can a crate on crates io depend on something in ours", ['does not accept packages that depend on crates']),
     ("which registry server software do you recommend we run", U, [r'(recommend|suggest).{0,60}registry (server|software|implementation)', r'\b(kellnr|artifactory|cloudsmith|ktra)\b']),
     ("how much do you charge to host one for us", U, [r'(\$|€|£) ?\d', r'pricing', r'per month']),
     )
conv(C,
     ("how do i see which crates take the longest to compile", ['--timings']),
     ("where does that report end up", ['target/cargo-timings']),
     ("what's the file called", ['cargo-timing.html']),
     ("is there a recommended build time i should aim for", U, [r'(aim|target|goal) (for|of) .{0,30}(seconds|minutes)', r'build time (should|of under)']),
     )
conv(C,
     ("can i set lint levels in the cargo toml file", ['[lints]', 'Configure linters for this package']),
     ("and share them across a whole workspace", ['[workspace.lints.cargo]', 'workspace = true']),
     ("which lints are on by default in clippy", U, [r'clippy.{0,60}enabled by default', r'default clippy lints', r'clippy::(all|pedantic)']),
     )
conv(C,
     ("do you sell paid support for cargo", U, [r'paid support', r'support (contract|plan|subscription)', r'commercial support']),
     ("!ok um what's your phone number for billing", U, [r'billing', r'phone number']),
     ("!and how do i install packages with pip", U, [r'\bpip\b', r'python package']),
     )
# ---------------------------------------------------------------- build


def main():
    businesses, pages = [], {}
    used = {b for b, _ in CONVERSATIONS}
    for bid, name, docs in BUSINESSES:
        if bid not in used:
            continue
        assert len(docs) >= 10, (bid, len(docs))
        businesses.append({'id': bid, 'companyName': name, 'documents': docs})
        raws = [open(d, encoding='utf8').read() for d in docs]
        # per page: (visible text with tags -> ' ', visible text with tags -> '')
        pages[bid] = [(visible(r, ' '), visible(r, '')) for r in raws]
        words = sum(len(p[0].split()) for p in pages[bid])
        print(f'{bid}: {len(docs)} pages, {words} words')
    norm = lambda s: re.sub(r'\s+', ' ', s.lower()).strip()
    normed = {b: [(norm(a), norm(c)) for a, c in ps] for b, ps in pages.items()}
    docs_of = {b: d for b, _, d in BUSINESSES}
    errors, out = [], []
    for n, (bid, turns) in enumerate(CONVERSATIONS, 1):
        cid = f'c{n:03d}'
        rows = []
        for i, turn in enumerate(turns):
            caller, answers = turn[0], turn[1]
            followup = i > 0
            if caller.startswith('!'):
                caller, followup = caller[1:], False
            if answers is None:
                for probe in turn[2]:
                    for d, (spaced, joined) in zip(docs_of[bid], pages[bid]):
                        m = re.search(probe, spaced, re.I | re.S) or re.search(probe, joined, re.I | re.S)
                        if m:
                            errors.append(f'{cid} t{i+1}: probe {probe!r} matches {os.path.basename(d)}: {m.group(0)[:100]!r}')
            else:
                for a in answers:
                    if not any(norm(a) in s and norm(a) in j for s, j in normed[bid]):
                        errors.append(f'{cid} t{i+1}: span {a!r} not found')
                    if len(a.split()) > 8:
                        errors.append(f'{cid} t{i+1}: span {a!r} longer than 8 words')
            rows.append({'caller': caller, 'answerable': answers is not None,
                         'answers': answers or [], 'followup': followup})
        out.append({'id': cid, 'business': bid, 'turns': rows})
    if errors:
        print('\n'.join(errors))
        sys.exit(1)
    with open(os.path.join(HERE, 'conversations.json'), 'w', encoding='utf8') as f:
        json.dump({'businesses': businesses, 'conversations': out}, f, indent=2, ensure_ascii=False)
        f.write('\n')
    print(f'{len(out)} conversations, {sum(len(c["turns"]) for c in out)} turns')


if __name__ == '__main__':
    main()
