"""``wixoss-deckcheck serve``: the checker behind a local web page (the ``[web]`` extra:
Starlette, uvicorn, python-multipart).

A thin layer over the same core the command line uses: :mod:`.api` (the JSON API:
``check``, ``audit``, ``sheet``, ``formats``), :mod:`.desk` (the organiser's desk),
:mod:`.pages` (the two pages, from ``templates/`` and the ``web:`` texts of the message
catalogues), :mod:`.uploads` (reading uploads with bounds), :mod:`.app` (the routes).
Only ``serve`` imports this package.
"""
