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
     ("and how big does the release binary usually end up", U, [r'(binary|executable).{0,60}\b\d+ ?(kb|mb|kib|mib|bytes)\b', r'(typical|usual|average) (binary )?size']),
     )
conv(C,
     ("should i commit the cargo lock file to git", ['check Cargo.lock into the version control']),
     ("does cargo new do that by itself", ['cargo new defaults to tracking Cargo.lock']),
     ("ok how do i bump the versions that are in it", ['cargo update']),
     ("can i update just one crate and leave the rest", ['Update only the specified packages', 'conservative update']),
     ("is there a bot that can open those updates as pull requests for us", ['Dependabot', 'RenovateBot']),
     )
conv(C,
     ("how many jobs does cargo run at the same time when it builds", ['number of logical CPUs']),
     ("my debug builds are really slow anything you recommend", ['line-tables-only', 'Reduce amount of generated debug information']),
     ("is there a different code generator i can try", ['Cranelift']),
     ("is that going to become the default at some point", U, [r'cranelift.{0,80}(will become|planned|future|eventually).{0,30}default', r'default (codegen )?backend (will|in the future)']),
     ("how many seconds would that save on a typical project", U, [r'cranelift.{0,200}\d+ ?(seconds|%)', r'(save|saves|saving) \d+']),
     )
conv(C,
     ("um how many threads should i give the parallel front end thing", ['at most 8 threads']),
     ("and what about switching the linker which ones can i use", ['LLD', 'mold', 'wild']),
     ("which of those is the fastest", U, [r'(mold|lld|wild) is (the )?fast', r'fastest linker']),
     ("is it even worth switching", ['gains from switching may not be worth it']),
     ("and can i use mold on windows too", U, [r'mold.{0,100}windows', r'windows.{0,60}mold']),
     )
conv(C,
     ("how do i publish my crate", ['cargo publish']),
     ("what do i need to do before the first time", ['API token', 'cargo login']),
     ("is there a size limit on what i upload", ['10MB size limit']),
     ("ok and how long until it shows up for other people", U, [r'(minutes|hours).{0,60}(appear|available|visible)', r'propagat(e|ion).{0,40}(index|crates\.io|minutes)']),
     ("can i test the whole thing without actually uploading", ['--dry-run']),
     )
conv(C,
     ("i published a broken version can i delete it", ['can never be overwritten', 'cannot be deleted']),
     ("so what can i do instead", ['cargo yank']),
     ("how long after publishing am i still allowed to yank", U, [r'yank.{0,100}(within|hours|days|time limit)', r'(hours|days) (after|of) publish']),
     ("is there a limit on how many versions i can publish", ['no limit to the number of versions']),
     ("what about the crate name can i get it transferred from someone who isn't using it", U, [r'(reclaim|squat)', r'transfer.{0,30}(ownership|the name|crate name)', r'name.{0,40}(transfer|reclaim|squat)']),
     )
conv(C,
     ("what's a workspace in cargo", ['collection of one or more packages']),
     ("do the packages in it share one lock file", ['share a common Cargo.lock file']),
     ("how much faster is building the workspace than building each package on its own", U, [r'workspace.{0,100}(faster|\d+ ?%)', r'(faster|quicker) than building (each|separately)']),
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
     ("is it ok to put the cargo home on a network drive", U, [r'network (drive|share|file ?system|mount)', r'\bnfs\b']),
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
     ("can i make the tests run in a random order", U, [r'random order', r'shuffle']),
     ("how long can a test run before cargo stops it", U, [r'test.{0,60}time ?out', r'(kill|abort)s? (the |a )?(slow |long )?test']),
     )
conv(C,
     ("what's a build script", ['build.rs', 'just before building the package']),
     ("it reruns every single time how do i stop that", ['rerun-if-changed']),
     ("where should it write the files it generates", ['OUT_DIR']),
     ("does cargo empty that folder between builds", ['does not clean or reset OUT_DIR']),
     ("is there a time limit on how long a build script can run", U, [r'build script.{0,80}(timeout|time limit|seconds)', r'(timeout|time limit).{0,60}build script']),
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
     ("how long does the migration usually take on a big project", U, [r'(migration|cargo fix).{0,80}\b(minutes|hours)\b']),
     )
conv(C,
     ("whats the default optimization level for normal dev builds", ['opt-level = 0']),
     ("and how many codegen units", ['codegen-units = 256']),
     ("what about for release", ['codegen-units = 16']),
     ("and how much faster does my program get with lto turned on", U, [r'\blto\b.{0,160}(\d+ ?%|faster)', r'link-time optimization.{0,100}(\d+ ?%|faster by)']),
     )
conv(C,
     ("our build machine has no internet how do we build", ['--offline', 'cargo vendor', 'cargo fetch']),
     ("where does vendor put everything", ['local “vendor” folder']),
     ("how often should we vendor again to pick up updates", U, [r'(re-?vendor|vendor again).{0,60}(often|every|weekly|monthly)', r'(weekly|monthly|regularly) (re-?)?vendor']),
     ("does that include git dependencies too", ['vendor all crates.io and git dependencies']),
     ("how big is that folder going to be", U, [r'vendor.{0,100}\d+ ?(gb|mb|kb)', r'vendor.{0,60}(size|disk space)']),
     )
conv(C,
     ("how do i install a command line tool from crates io", ['cargo install']),
     ("where do the programs go", ["installation root’s bin folder", '$HOME/.cargo']),
     ("is there a command to update every installed tool at once", U, [r'(update|upgrade) (all|every) (of the )?installed', r'install-update', r'cargo-update crate']),
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
     ("does it also show how much memory each crate used", U, [r'timings.{0,200}memory', r'memory (usage|use) (of|per|for) (each )?(crate|unit)']),
     ("can i email that report to someone on your team to look at", U, [r'(email|send|share) (the |your |that )?(report|timings)', r'our team']),
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
# ---------------------------------------------------------------- valgrind-help
V = 'valgrind-help'
conv(V,
     ("hi um how do i check my c program for memory leaks", ['valgrind --leak-check=yes myprog', '--leak-check=yes']),
     ("do i have to compile it a special way", ['Compile your program with -g']),
     ("and what about optimization flags", ['Using -O0 is also a good idea', 'Use of -O2 and above is not recommended']),
     ("how much slower will it run", ['20 to 30 times']),
     ("and roughly how much more ram does it need like a number", U, [r'(more|extra) memory.{0,60}(\d+ ?(times|x)\b|twice|double)', r'memory.{0,40}(\d+ ?(times|x)|twice|double) (as much|more)']),
     )
conv(V,
     ("what's the difference between definitely lost and possibly lost", ['leaking memory -- fix those leaks', 'unusual things with pointers']),
     ("ok and still reachable is that bad", ['your program is probably ok']),
     ("how do i hide the possibly lost ones", ['--show-possibly-lost=no']),
     ("which kinds does it show if i don't say", ['--show-leak-kinds=definite,possible']),
     ("and does memcheck find leaks in rust programs too", U, [r'\brust\b']),
     ("how many bytes counts as a serious leak", U, [r'(serious|big|large|significant) leaks?\b', r'leak.{0,40}(threshold|more than \d+ bytes)']),
     )
conv(V,
     ("what does conditional jump or move depends on uninitialised value mean", ['uses of uninitialised values']),
     ("how do i find out where the value came from", ['--track-origins=yes']),
     ("does that slow it down", ['run slower than usual', 'Memcheck run more slowly']),
     ("by how much exactly", ["halves Memcheck's speed", 'minimum of 100MB']),
     ("since which version has that been around", ['3.4.0']),
     )
conv(V,
     ("valgrind shows errors inside a system library i can't change what do i do", ['suppression mechanism', 'Suppressing errors']),
     ("can it write the suppression for me", ['--gen-suppressions=yes']),
     ("for c plus plus names do i write them mangled or demangled", ['must be mangled']),
     ("is there a maximum number of suppressions in a file", U, [r'(max|maximum|limit).{0,30}(number of )?suppressions', r'suppressions.{0,30}(limit|at most)']),
     ("is there a shared collection of suppressions for libraries like qt that i can download", U, [r'\bqt\b.{0,60}suppress', r'suppressions?.{0,40}(download|collection|repositor)']),
     )
conv(V,
     ("memcheck says no errors but i know my program has bugs", ['only traces the top-level process', '--trace-children=yes']),
     ("and it's statically linked", ['statically linked malloc functions are not replaced', '--soname-synonyms=somalloc=NONE']),
     ("we use jemalloc instead of the normal malloc", ['--soname-synonyms=somalloc=zzzz']),
     ("can i send the output over the network instead", ['--log-socket', 'valgrind-listener']),
     ("how many programs can that listener take at once", ['up to 50 Valgrinded processes']),
     )
conv(V,
     ("can i attach valgrind to a program that's already running", ['full control from the very start']),
     ("is there any way around that", ['Callgrind is the only tool', 'callgrind_control']),
     ("ok can i debug with gdb while it runs", ['--vgdb-error=0', 'gdbserver']),
     ("which gdb version do i need for the shadow registers", ['GDB version 7.1 or later']),
     ("and is there a gui debugger you recommend with it", U, [r'(recommend|suggest).{0,40}(gdb (gui|front ?end)|graphical debugger)', r'\b(eclipse|clion|vs ?code|kdbg|nemiver)\b', r'ddd debugger']),
     )
conv(V,
     ("the stack traces in the errors are too short", ['--num-callers']),
     ("what's it set to normally", ['default: 12']),
     ("what's the biggest number i can put", ['The maximum value for this is 500']),
     ("sometimes the function names look wrong", ['glibc using aliases']),
     ("can it print the actual line of source code next to each frame", U, [r'source (line )?snippet', r'print(s|ing)? the (actual )?source (line|code)']),
     )
conv(V,
     ("how do i see what's using heap memory over time", ['Massif', 'heap profiler']),
     ("ok how do i read the file it makes", ['ms_print']),
     ("how much slower does massif make my program", U, [r'massif.{0,120}(\d+ ?(times|x)\b|factor of)', r'massif (runs|is) (about|roughly)']),
     ("what time unit does it use by default", ['--time-unit=<i|ms|B> [default: i]']),
     ("is there a graphical viewer", ['massif-visualizer']),
     ("does that viewer run on windows", U, [r'massif-visualizer.{0,120}(windows|mac)', r'\bwindows\b']),
     )
conv(V,
     ("i think my program has a data race which tool should i use", ['thread error detector', 'Helgrind']),
     ("what's the difference between helgrind and drd", ['uses different analysis techniques']),
     ("which of the two is faster", U, [r'(drd|helgrind).{0,60}(faster|slower) than (drd|helgrind)', r'(drd|helgrind) (is|runs) (much )?(faster|slower)']),
     ("how many threads can it handle", ['up to 500 threads']),
     ("and how much extra memory does drd need compared to a normal run", ['between 1.1 and 3.6 times more memory']),
     )
conv(V,
     ("how do i find which functions take the most time", ['--tool=callgrind', 'call-graph generating cache profiler']),
     ("how do i read the results", ['callgrind_annotate']),
     ("is there a gui for it", ['KCachegrind']),
     ("can i profile just one part of the program", ['--instr-atstart=no']),
     ("does kcachegrind work on a mac", U, [r'kcachegrind.{0,120}(mac|windows|qcachegrind)', r'qcachegrind']),
     )
conv(V,
     ("what does cachegrind do", ['cache and branch-prediction profiler']),
     ("is branch simulation on by default", ['--branch-sim=no|yes [no]']),
     ("should i turn on optimisation when i use it", ['you probably do want to turn optimisation on']),
     ("will it figure out my cache sizes on powerpc", ['cannot automatically determine the cache configuration']),
     ("does cachegrind work on the apple m1 chips", U, [r'\bapple\b', r'\bm1\b', r'arm64/macos']),
     )
conv(V,
     ("what version of valgrind are your docs for", ['3.19.0']),
     ("and when did that come out", ['11 Apr 2022']),
     ("when's the next version coming", U, [r'next (release|version) (will|is (due|planned|expected))', r'valgrind[- ]3\.(2\d|19\.[1-9])', r'(version|release) 3\.2\d', r'release schedule']),
     ("how do i install it from source", ['./configure', 'make install']),
     ("does it run on a mac", ['x86/macOS', 'AMD64/macOS']),
     )
conv(V,
     ("how do you actually say valgrind", ['grinned', 'The "Val" as in the word "value"']),
     ("where does the name come from", ['Nordic mythology']),
     ("what was it going to be called", ['Heimdall']),
     ("who picked the name", U, [r'name (was )?(chosen|suggested|picked|given) by', r'came up with (the|this) name', r'(chose|picked|suggested) the name']),
     ("is it short for value grinder", ['not short for "value grinder"']),
     )
conv(V,
     ("what license is valgrind under", ['GNU General Public License, version 2']),
     ("can i include the valgrind headers in my closed source code", ['BSD-style license']),
     ("do you sell a commercial license", U, [r'commercial licen', r'(buy|purchase) (a )?licen', r'proprietary licen']),
     ("!ok and what are your support hours", U, [r'support hours', r'office hours', r'opening hours', r'business hours']),
     )
conv(V,
     ("can i run a java program under valgrind", ['can run any Java program', 'can handle dynamically generated code']),
     ("something goes wrong with the jit code what option should i try", ['--smc-check=all']),
     ("what about python programs", U, [r'\bpython\b', r'interpreted languages']),
     ("ok does memcheck catch overruns on stack arrays", ["doesn't do bounds checking", "can't detect out-of-range reads or writes"]),
     ("how often is memcheck wrong", ['typically right 99% of the time']),
     ("and what about programs written in go", U, [r'golang', r'\bgo (programs?|binaries|language|runtime)\b']),
     )
conv(V,
     ("we run valgrind in ci how do we fail the build when it finds errors", ['--error-exitcode']),
     ("what exit code does it use by default", ['--error-exitcode=<number> [default: 0]']),
     ("do leaks count as errors for that", ['only counted as a true "error"']),
     ("can it write xml for our reports", ['--xml=yes']),
     ("which ci tools can read that xml", U, [r'\b(jenkins|gitlab|github actions|junit|teamcity|travis)\b']),
     )
conv(V,
     ("what's dhat for", ['block lifetimes', 'different kind of heap profiler']),
     ("how do i look at its results", ['dh_view.html']),
     ("it takes ages to load the file", ['smaller --num-callers value']),
     ("is there a way to compare two dhat runs side by side", U, [r'dh_diff', r'compar(e|ing) (two )?(dhat )?(runs|profiles|output files)', r'compar.{0,40}dhat']),
     ("how big can a dhat file get before the viewer gives up", U, [r'dh_view.{0,200}(\d+ ?(mb|gb)|maximum|limit)', r'(maximum|max) (file|output) size']),
     )
conv(V,
     ("my program uses a huge stack and crashes under valgrind", ['--main-stacksize', '--max-stackframe']),
     ("what's the default for the max stack frame", ['2000000']),
     ("and for the main stack size", ["use current 'ulimit' value"]),
     ("does that main stack option change the size of thread stacks too", ['no bearing on the size of thread stacks']),
     ("how much ram should the machine have for that", U, [r'(recommend|need)s? (at least )?\d+ ?(gb|mb) of (ram|memory)', r'\b\d+ ?gb of (ram|memory)\b']),
     )
conv(V,
     ("where can i get more help with valgrind", ['valgrind-users mailing list']),
     ("will somebody definitely get back to me", ['no guarantee of receiving an answer']),
     ("can i pay for faster support", U, [r'paid support', r'support (contract|plan|subscription)', r'priority support']),
     ("!what's the phone number for your office", U, [r'phone number', r'call us', r'telephone']),
     )
conv(V,
     ("can valgrind run on android", ['README.android', 'cross-compile and run on Android']),
     ("which phones was it tested on", ['Nexus S', 'Motorola Xoom']),
     ("does it work on the latest android fourteen", U, [r'android (1[0-9]|[5-9])\b', r'android 1[0-9]']),
     ("and when were those instructions last updated", ['4 Nov 2014']),
     ("and does it work on ios", U, [r'\bios\b', r'iphone']),
     )
conv(V,
     ("what is lackey", ['example tool', 'instrumentation basics']),
     ("and nulgrind", ['does no analysis or instrumentation', 'minimal Valgrind tool']),
     ("what's the default tool if i don't pick one", ['Memcheck is the default tool', '[default: memcheck]']),
     ("is lackey going to be removed in a future release", U, [r'lackey.{0,80}(removed|deprecated|dropped)']),
     ("how many people use each tool", U, [r'(most|least) (widely )?used tool', r'usage statistics', r'\d+ ?% of (users|people)']),
     )
conv(V,
     ("my program runs fine normally but crashes under valgrind why", ['environment is slightly different', 'memory layout is different']),
     ("and the other way round it only crashes without valgrind", ['Memcheck should identify the bad memory operation']),
     ("my c plus plus program shows still reachable memory from the string classes", ['memory pool allocators', "relax, it's probably not a bug"]),
     ("how do i make the stl use malloc directly", ['GLIBCXX_FORCE_NEW']),
     ("does that work with clang's libc plus plus too", U, [r'libc\+\+', r'\bclang\b.{0,80}(pool|FORCE_NEW|stl)']),
     )
# ---------------------------------------------------------------- node-help
N = 'node-help'
conv(N,
     ("hi can node read my dot env file by itself or do i need a package", ['--env-file']),
     ("what if the same variable is already set in my shell", ['the value from the environment takes precedence']),
     ("does it expand other variables inside the file like dollar home", U, [r'variable expansion', r'\bexpand(s|ed)? (variables|references)', r'interpolat']),
     ("and does it handle values that span several lines", ['Add support to multi-line values']),
     ("is it safe to keep production secrets in there", U, [r'env-file.{0,200}(secret|sensitive|production)', r'(store|keep) (your )?secrets']),
     )
conv(N,
     ("how do i make node restart automatically when i change a file", ['--watch', 'Starts Node.js in watch mode']),
     ("can i tell it which folders to watch", ['--watch-path']),
     ("does that folder option work on linux", ['only supported on macOS and Windows']),
     ("and does watch mode work inside a docker container", U, [r'\bdocker\b', r'containers?.{0,40}watch mode']),
     ("how many files can it watch before it gets slow", U, [r'watch.{0,120}(maximum|limit|at most) (of )?\d+ files', r'(too many|number of) (watched )?files']),
     )
conv(N,
     ("my app runs out of memory how do i give node more", ['--max-old-space-size']),
     ("what unit is that number in", ['(in MiB)']),
     ("what would you set it to on a two gig machine", ['1536']),
     ("and what's the default if i don't set it", U, [r'max-old-space-size=SIZE.{0,500}default', r'default (heap|old space|old generation) (size|limit)']),
     ("how much does the garbage collector slow things down near the limit like in percent", U, [r'garbage collection.{0,120}\d+ ?%']),
     )
conv(N,
     ("does node have a built in test runner", ['node --test', 'Starts the Node.js command line test runner']),
     ("what's the default timeout for a test", ['The default value is Infinity']),
     ("how many test files does it run at the same time", ['os.availableParallelism() - 1']),
     ("does it do snapshot testing like jest", U, [r'snapshot test', r'assert\.snapshot', r'toMatchSnapshot']),
     ("and is it faster than mocha", U, [r'\bjest\b', r'\bmocha\b']),
     )
conv(N,
     ("how many listeners can i add to one event before node complains", ['a maximum of 10 listeners']),
     ("what happens if i add more", ['possible EventEmitter memory leak']),
     ("how do i raise it for one emitter", ['setMaxListeners']),
     ("and to allow unlimited", ['can be set to Infinity']),
     ("how much memory does each listener use", U, [r'(each|per) listener.{0,60}(bytes|memory)', r'listener.{0,40}\d+ ?bytes']),
     )
conv(N,
     ("what's the longest delay i can give settimeout", ['larger than 2147483647']),
     ("what happens if i go over that", ['the delay will be set to 1']),
     ("and if i give it a decimal number", ['Non-integer delays are truncated to an integer']),
     ("is there a maximum number of timers i can have running", U, [r'(maximum|max) (number of )?(active |pending )?timers', r'timers.{0,30}(at most|limit of)']),
     ("how accurate are the timers like to the millisecond", ['no guarantees about the exact timing']),
     )
conv(N,
     ("what happens when my node process gets control c", ['exiting with code 128 + signal']),
     ("is that the same on windows", ['non-Windows platforms']),
     ("can i run async cleanup in the exit event", ['must only perform synchronous operations']),
     ("how long does node wait for cleanup before it force kills", U, [r'(grace|graceful).{0,40}(period|timeout)', r'force(fully)? kill.{0,60}after \d+']),
     ("what about the before exit event does that fire when i call process exit", ['not emitted for conditions causing explicit termination']),
     )
conv(N,
     ("how do i run a shell command from node and get the output", ['child_process.exec()']),
     ("what's the max output it'll buffer", ['1024 * 1024']),
     ("what happens if the output is bigger", ['the child process is terminated', 'output is truncated']),
     ("i'm on windows and can't run a bat file with it", ['not executable on their own without a terminal']),
     ("how many child processes can i start at once", U, [r'(maximum|max|limit).{0,30}(number of )?child processes (you|that|a process) can', r'child processes.{0,40}(limit|at most)']),
     )
conv(N,
     ("should i use worker threads to speed up my database calls", ['They do not help much with I/O-intensive work']),
     ("so what are they good for", ['CPU-intensive JavaScript operations']),
     ("is there a limit on how many worker threads i can start", U, [r'(maximum|limit).{0,30}(number of )?(worker threads|workers)', r'workers.{0,30}(at most|limit)']),
     ("and what about the cluster module how does it spread connections", ['round-robin approach']),
     ("even on windows", ['except Windows']),
     ("does node decide how many cluster workers to run for me", ['does not automatically manage the number of workers']),
     )
conv(N,
     ("how do i make node treat my js files as es modules", ['"type" field with a value of "module"', '.mjs']),
     ("dirname isn't working in my es module what do i use", ['import.meta.dirname']),
     ("since which node version is that there", ['Added in: v20.11.0']),
     ("when will commonjs be removed", U, [r'commonjs.{0,80}(removed|deprecated|end of)', r'remove (support for )?commonjs']),
     ("which bundler do you recommend for es modules", U, [r'\b(webpack|rollup|esbuild|vite|parcel)\b', r'recommend.{0,30}bundler']),
     )
conv(N,
     ("what's corepack", ['managing versions of your package managers']),
     ("how do i turn it on", ['corepack enable']),
     ("which package managers does it work with", ['Yarn', 'pnpm']),
     ("does it support bun", U, [r'\bbun\b']),
     ("is it stable yet", ['Corepack is an experimental tool', 'Due to its experimental status']),
     )
conv(N,
     ("can i ship my node app as one single executable file", ['single executable application']),
     ("can it include es modules", ['using the CommonJS module system']),
     ("which operating systems is that tested on", ['Windows macOS Linux']),
     ("what about alpine", ['except Alpine']),
     ("how big is the resulting file usually", U, [r'(executable|binary|blob).{0,80}\d+ ?(mb|megabytes)', r'\b\d+ ?mb\b']),
     ("do i have to pay for a code signing certificate on mac", U, [r'certificate.{0,80}(cost|price|\$)', r'(buy|purchase|pay for).{0,40}certificate']),
     )
conv(N,
     ("can i stop my node script from reading files it shouldn't", ['Permission Model', '--experimental-permission']),
     ("how do i allow it to read just one folder", ['--allow-fs-read']),
     ("when will that permission model be stable", U, [r'stabili[sz]ed in', r'will be (marked )?stable', r'permission model.{0,80}(stable in|graduat)']),
     ("will it protect me from a malicious npm package", ['does not protect against malicious code']),
     ("what error do i get when something's blocked", ['ERR_ACCESS_DENIED']),
     )
conv(N,
     ("what does dns lookup actually use to resolve names", ['uses the operating system facilities']),
     ("my dns lookups are slow under load why", ["runs on libuv's threadpool", 'UV_THREADPOOL_SIZE']),
     ("what's the default size of that pool", ['4 (its current default value)']),
     ("what's the biggest i can set it to", U, [r'threadpool.{0,80}(maximum|up to \d|cannot exceed|at most|1024)', r'UV_THREADPOOL_SIZE.{0,60}(maximum|up to \d|1024)']),
     ("can i just set it from inside my code", ['not guranteed to work']),
     )
conv(N,
     ("how do i debug a node script from the terminal", ['node inspect']),
     ("what port does the inspector use", ['127.0.0.1:9229']),
     ("is it ok to bind it to all interfaces", ['is insecure', 'remote code execution attack']),
     ("and does chrome devtools cost anything", U, [r'devtools.{0,60}(free|cost|price|paid)']),
     ("which ide do you recommend for debugging node", U, [r'(recommend|suggest).{0,40}(ide|editor)', r'\b(vs ?code|visual studio code|webstorm)\b']),
     )
conv(N,
     ("where does the node repl keep its history", ['~/.node_repl_history']),
     ("how do i change where it goes", ['NODE_REPL_HISTORY']),
     ("and turn it off completely", ['disables persistent REPL history']),
     ("how many lines of history does it keep", ['NODE_REPL_HISTORY_SIZE', 'Default: 1000']),
     ("can two repl windows share the same history file safely", U, [r'(share|shared|concurrent).{0,60}history', r'history.{0,60}(concurrent|simultaneous|lock)']),
     )
conv(N,
     ("does zlib compression block the main thread", ['use the Node.js internal threadpool']),
     ("so can i create thousands of zlib objects at once", ['significant memory fragmentation']),
     ("which is better for my api responses gzip or brotli", U, [r'brotli.{0,80}(better|smaller|faster) than', r'(better|smaller|faster) than brotli', r'(recommend|prefer).{0,30}(gzip|brotli)']),
     ("what compression level does gzip use by default", U, [r'Z_DEFAULT_COMPRESSION.{0,80}(\b[0-9]\b|level [0-9])', r'default (compression )?level (is|of) \d']),
     ("and can i use zstd with it", U, [r'zstd', r'zstandard']),
     )
conv(N,
     ("which version of node are your docs for", ['v20.20.2']),
     ("when does version twenty stop getting security fixes", U, [r'end[- ]of[- ]life', r'(security|maintenance) (support )?(ends|until)', r'\b20\d\d-\d\d-\d\d\b.{0,40}(eol|end)']),
     ("is there a report i can generate when node crashes", ['--report-on-fatalerror', 'diagnostic report']),
     ("!do you offer paid node training or support contracts", U, [r'training', r'support contract', r'paid support']),
     ("!and what time does your help line open tomorrow", U, [r'help ?line', r'office hours', r'opening hours']),
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
