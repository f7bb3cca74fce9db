"""docs/notebooks/adams.ipynb executed cell by cell (a plain runner, no Jupyter kernel): its
code cells in order in one namespace, from the repository root; a cell that raises fails
the test naming the cell. The cells' asserts check values cited in the notebook."""

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "docs" / "notebooks" / "adams.ipynb"


def test_notebook_cells_run_in_order(capsys):
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert len(code) >= 5
    namespace = {"__name__": "__notebook__"}
    for number, cell in enumerate(code, 1):
        source = "".join(cell["source"])
        try:
            exec(compile(source, f"{NOTEBOOK.name} cell {number}", "exec"), namespace)
        except Exception as e:  # the cell named, then the original error
            raise AssertionError(f"{NOTEBOOK.name}: code cell {number} failed: {e!r}") from e
