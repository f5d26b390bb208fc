"""Issue 4 §5: the identity lab (seed 002). The on-page log shows SwiftUI's `_printChanges()` lines and the
ButtonState init/deinit of the stable, `if/else` and `.id(UUID())` variants."""

ON_LOAD = [
    "StableVariant: @self, @identity, _clickedCount changed.",
    "[stable] ButtonWrapperView init",
    "[stable] ButtonState init",
    "ButtonWrapperView: @self, @identity, _internalState changed.",
    "BranchVariant: @self, @identity, _clickedCount changed.",
    "[branch] ButtonWrapperView init",
    "[branch] ButtonState init",
    "ButtonWrapperView: @self, @identity, _internalState changed.",
    "ExplicitIDVariant: @self, @identity, _clickedCount changed.",
    "[id] ButtonWrapperView init",
    "[id] ButtonState init",
    "ButtonWrapperView: @self, @identity, _internalState changed.",
]

# What one click on each variant's button appends to the log.
PER_CLICK = {
    "stable": [
        "StableVariant: _clickedCount changed.",
        "[stable] ButtonWrapperView init",  # the parent builds the struct again…
        "ButtonWrapperView: @self changed.",  # …the closure makes it differ; its @StateObject survives
    ],
    "branch": [
        "BranchVariant: _clickedCount changed.",
        "[branch] ButtonWrapperView init",
        "[branch] ButtonState init",  # the other branch is a new identity: new state…
        "ButtonWrapperView: @self, @identity, _internalState changed.",
        "[branch] ButtonState deinit",  # …and the old branch's state is released
    ],
    "id": [
        "ExplicitIDVariant: _clickedCount changed.",
        "[id] ButtonWrapperView init",
        "[id] ButtonState init",
        "ButtonWrapperView: @self, @identity, _internalState changed.",
        "[id] ButtonState deinit",
    ],
}
LABEL = {"stable": "Stable", "branch": "if/else", "id": ".id(UUID())"}


def log_lines(page):
    return page.js("""return [...document.querySelectorAll('#liveui-root [data-aid="log"] > *')]
        .map(e => e.textContent)""")


def test_identity_lab(page):
    page.open("/identity")
    page.step("after load: each variant evaluated once, each ButtonState created once")
    assert log_lines(page) == ON_LOAD

    expected = list(ON_LOAD)
    clicks = {"stable": 0, "branch": 0, "id": 0}
    for round_ in range(3):
        for variant in ("stable", "branch", "id"):
            page.step(f"round {round_ + 1}: click the {variant} variant")
            page.count_posts()
            page.js("document.querySelectorAll('#liveui-root [data-aid=\"log\"] > *').forEach(e => e.__old = 1)")
            page.click(f"click-{variant}")
            clicks[variant] += 1
            expected += PER_CLICK[variant]
            page.wait_text("log", lambda _t: len(log_lines(page)) >= len(expected))
            page.settle()
            assert log_lines(page) == expected, f"log after clicking {variant}:\n" + "\n".join(log_lines(page)[len(ON_LOAD):])
            assert page.text(f"click-{variant}") is not None
            text = page.js("return arguments[0].previousElementSibling.textContent", page.aid(f"click-{variant}"))
            assert text == f"{LABEL[variant]}: clicked {clicks[variant]} times"
            # The log is append-only: earlier lines keep their elements.
            assert page.js("return [...document.querySelectorAll('#liveui-root [data-aid=\"log\"] > *')]"
                           ".filter(e => e.__old === 1).length") == len(expected) - len(PER_CLICK[variant])
            assert len(page.posts()) == 1

    page.step("init/deinit counts per variant")
    lines = log_lines(page)
    assert lines.count("[stable] ButtonState init") == 1 and lines.count("[stable] ButtonState deinit") == 0
    assert lines.count("[branch] ButtonState init") == 4 and lines.count("[branch] ButtonState deinit") == 3
    assert lines.count("[id] ButtonState init") == 4 and lines.count("[id] ButtonState deinit") == 3
    # The if/else variant alternates its branch (and its title) on each click.
    assert page.aid("click-branch").text == "Click me (odd)"

    page.step("clear the log")
    page.click("clear-log")
    page.wait_text("log", "")
    page.settle()
    assert log_lines(page) == []
