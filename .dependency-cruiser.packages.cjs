// Import loops in the shared contracts and the web app, checked by `npm run lint:cycles` (issue 35,
// decision 0021). Type-only imports count (`tsPreCompilationDeps`): a loop of types is still a loop for
// whoever reads or moves the files, and it becomes a load-order bug the day one of its imports carries
// a value. The server has its own config with the layers (.dependency-cruiser.cjs).
const SOURCES = '^(packages/contracts/src|apps/web/src)/';
const TESTS = '\\.test\\.tsx?$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import loop (type-only imports count). In contracts, put what both files need (a list a type ' +
        'derives from, a few words of copy) in a leaf file that imports neither, and re-export it from ' +
        'where callers expect it; in the web app, move the shared part down into lib/ or components/.',
      from: { path: SOURCES, pathNot: TESTS },
      to: { circular: true, viaOnly: { pathNot: TESTS } },
    },
  ],
  options: {
    includeOnly: SOURCES,
    exclude: { path: TESTS },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
    moduleSystems: ['es6'],
    doNotFollow: { path: 'node_modules' },
  },
};
