/*
 * frames-module.c: a shared library that test-inj-writer loads and unloads
 * while the writer's module map (injection/writer-callers.c) is built, to
 * check that a module loaded later is found and an unloaded one left out.
 */
int oc_frames_module_fn(int x);

int oc_frames_module_fn(int x)
{
	return x * 7 + 3;
}
